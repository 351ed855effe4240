import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { AppConfig, RateLimitName } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';

/** Who a limit counts: the signed-in user when there is one (per account), else the address. */
const byUserOrAddress = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`);
const byAddress = (req: FastifyRequest) => `ip:${req.ip}`;

/** Limits counted per user (a signed-in action); the others count per address. */
const PER_USER: ReadonlySet<RateLimitName> = new Set(['changePassword', 'bids', 'purchaseRequests', 'uploads', 'claimPhotos', 'passwordStrength']);

/**
 * The `config.rateLimit` of a route: `name`'s limit from the configuration, counted per user or per
 * address, in the store shared by every instance (Redis when REDIS_URL is set).
 */
export function routeLimit(config: AppConfig, name: RateLimitName): RateLimitOptions {
  const l = config.rateLimits[name];
  return {
    max: Math.max(1, Math.round(l.max * config.rateLimitFactor)),
    timeWindow: l.windowMs,
    keyGenerator: PER_USER.has(name) ? byUserOrAddress : byAddress,
    groupId: name,
  };
}

/**
 * @fastify/rate-limit, off by default: only routes that declare `config.rateLimit` are limited. A
 * refusal is the house error shape with code RATE_LIMITED and a Retry-After header (decision 502).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { config: AppConfig }) {
  // ioredis only with a Redis to reach (decision 920: not loaded at start otherwise).
  const redis = opts.config.redisUrl
    ? new (await import('ioredis')).Redis(opts.config.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'rate-limit store unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'primeur-rl:' } : {}),
    // A Redis outage must not take sign-in and bids down with it: the request goes through.
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, 'RATE_LIMITED', `Too many requests. Try again in ${ctx.after}.`, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      }),
  });

  // API tokens (decision 1008): one bucket per token, every route together and whatever the address, in
  // the same shared store. The route's own limit (bids, uploads…) still applies on top of it. Checked
  // after the session plugin has resolved the token (its onRequest hook comes first).
  const l = opts.config.rateLimits.apiToken;
  const tokenLimit = app.createRateLimit({
    max: Math.max(1, Math.round(l.max * opts.config.rateLimitFactor)),
    timeWindow: l.windowMs,
    keyGenerator: (req) => `token:${req.user?.apiToken?.id ?? 0}`,
  });
  app.addHook('onRequest', async (req) => {
    if (!req.user?.apiToken) return;
    const r = await tokenLimit(req);
    if (!r.isAllowed && r.isExceeded) {
      throw new HttpError(429, 'RATE_LIMITED', 'Too many requests with this API token.', undefined, {
        retryAfterSeconds: Math.max(1, r.ttlInSeconds),
      });
    }
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
