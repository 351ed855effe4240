import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Browser features the app never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()';

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
        // 'self' covers the same-origin WebSocket (CSP 3): no live feed to any other host.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS is sent by the hook below, only when the deployment is on https (HSTS=true, or TRUST_PROXY
    // and the proxy says https): on plain-HTTP localhost it would pin the browser to https.
    strictTransportSecurity: false,
    // One frame policy: nobody frames the app (frame-ancestors 'none' and X-Frame-Options DENY agree).
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (opts.config.hsts || (opts.config.trustProxy && req.protocol === 'https')) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // Answers that depend on who asks are never kept by the browser or a shared cache. A route that
    // already says no-store with more (documents and claim photos: "private, no-store") keeps its words.
    const access = req.routeOptions.config?.access;
    if (access !== undefined && access !== 'public' && !String(reply.getHeader('cache-control') ?? '').includes('no-store'))
      reply.header('cache-control', 'no-store');
  });

  // Only JSON bodies (multipart is added by the routes that take uploads): no text/plain, which a
  // cross-site form could send without a preflight.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (req) => {
    // HEAD runs the GET handler (it signs out too), so it gets the same check.
    const isLogout = (req.method === 'GET' || req.method === 'HEAD') && req.url.split('?')[0] === '/auth/logout';
    if ((UNSAFE_METHODS.has(req.method) || isLogout) && isCrossSite(req, opts.config)) {
      throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
