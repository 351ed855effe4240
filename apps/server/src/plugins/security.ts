import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectedOrigin(req: FastifyRequest, config: AppConfig) {
  return config.publicOrigin ?? `${req.protocol}://${req.host}`;
}

/**
 * Refuses cross-site state changes. SameSite=Lax already keeps the session cookie off cross-site POSTs;
 * the Origin check is the second lock (and covers same-site sibling hosts). Requests without Origin
 * (curl, server-to-server) are allowed unless the browser marks them cross-site.
 */
export function isCrossSite(req: FastifyRequest, config: AppConfig): boolean {
  const origin = req.headers.origin;
  if (origin) return origin !== expectedOrigin(req, config);
  return req.headers['sec-fetch-site'] === 'cross-site';
}

async function securityPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-select (emotion) and react-bootstrap transitions set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The app is served over plain HTTP on localhost in development; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  // Only JSON bodies (multipart is added by the routes that take uploads): no text/plain, which a
  // cross-site form could send without a preflight.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (req) => {
    const isLogout = req.method === 'GET' && req.url.split('?')[0] === '/auth/logout';
    if ((UNSAFE_METHODS.has(req.method) || isLogout) && isCrossSite(req, opts.config)) {
      throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
