import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { API_TOKEN_PREFIX } from '@primeur/shared';
import type { AppConfig } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';
import { bearerToken } from './session.js';

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

/** Query parameters that name a credential, whatever they carry (OAuth's and the usual one). */
const TOKEN_PARAMS = new Set(['access_token', 'token']);
/** A value that is (the start of) an API token, under any parameter name. */
const TOKEN_VALUE = new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{8,}`);

/**
 * Whether the address carries an API token (decision 1008): a credential parameter, or any parameter
 * holding a value that starts like one. A token in an address ends up in proxies' logs, browser
 * histories and Referer headers; it is refused, never used.
 */
export function tokenInUrl(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return false;
  for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
    if (TOKEN_VALUE.test(value) || (TOKEN_PARAMS.has(name.toLowerCase()) && value !== '')) return true;
  }
  return false;
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
    // Before anything else: a token in the address is a leaked token, whatever the route.
    if (tokenInUrl(req.url)) {
      throw new HttpError(400, 'TOKEN_IN_URL', 'An API token must be sent in the Authorization header (Bearer), never in the address.');
    }
    // A request authenticated by an API token and no cookie needs no Origin check: a browser never adds an
    // Authorization header by itself, and a cross-site page cannot set one without a CORS preflight the
    // app never grants; the forgery this check stops rides on the cookie (decision 1008).
    if (bearerToken(req)?.startsWith(API_TOKEN_PREFIX)) return;
    // HEAD runs the GET handler (it signs out too), so it gets the same check.
    const isLogout = (req.method === 'GET' || req.method === 'HEAD') && req.url.split('?')[0] === '/auth/logout';
    if ((UNSAFE_METHODS.has(req.method) || isLogout) && isCrossSite(req, opts.config)) {
      throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  });
}

export default fp(securityPlugin, { name: 'security' });
