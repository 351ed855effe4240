import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, text } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import * as uncheckedProductsService from './unchecked-products.service.js';
import { notification, textMessages, validSignature } from './whatsapp-webhook.js';
import { routeLimit } from '../../plugins/rate-limit.js';

const DEFAULT_LIMIT = 262_144;

/**
 * The WhatsApp Cloud API webhook (decisions 140, 522). Off (404) unless a verify token and an app
 * secret are configured. Meta expects a 200 within seconds and retries otherwise and never after a
 * 200, so the answer comes once the raw messages are committed (a database outage answers 503 and
 * Meta retries); parsing runs after, from the stored rows. The message id makes retries harmless.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const settings = app.deps.config.whatsapp;
  const worker = app.intake;

  // The signature is over the exact bytes received, so the body stays raw until it is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: settings?.maxBodyBytes ?? DEFAULT_LIMIT }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async () => {
    if (!settings) throw notFound('Route');
  });
  // Messages stored but not parsed (an instance stopped or died before) are parsed once at start.
  if (settings) app.addHook('onReady', async () => void worker.kick());

  const tags = ['webhooks'];
  app.get(
    '/api/webhooks/whatsapp',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({
          'hub.mode': text().max(64).optional(),
          'hub.verify_token': text().max(512).optional(),
          'hub.challenge': text().max(512).optional(),
        }),
        response: { 200: z.string(), 403: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== settings!.verifyToken || q['hub.challenge'] === undefined) {
        throw new HttpError(403, 'FORBIDDEN', 'Verification refused.');
      }
      return reply.type('text/plain').send(q['hub.challenge']);
    },
  );

  app.post(
    '/api/webhooks/whatsapp',
    {
      config: { access: 'public', rateLimit: routeLimit(app.deps.config, 'webhook') },
      schema: { tags, response: { 200: z.object({ received: z.literal(true) }), 400: errorBody, 401: errorBody, 404: errorBody, 413: errorBody } },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['x-hub-signature-256'];
      if (!validSignature(raw, typeof header === 'string' ? header : undefined, settings!.appSecret)) {
        throw new HttpError(401, 'BAD_SIGNATURE', 'The signature does not match the body.');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new HttpError(400, 'VALIDATION_FAILED', 'The body is not valid JSON.');
      }
      const parsed = notification.safeParse(json);
      if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', 'Not a WhatsApp notification.');
      const messages = textMessages(parsed.data);
      // Committed before the 200; a failure here is a 5xx and Meta delivers again.
      await uncheckedProductsService.storeIncoming(
        db,
        messages.map((m) => ({ externalId: m.id, fromPhone: m.from ?? undefined, body: m.body, receivedAt: m.receivedAt, refused: m.refused })),
      );
      const refused = messages.filter((m) => m.refused);
      if (refused.length) req.log.warn({ refused: refused.map((m) => ({ id: m.id, reason: m.refused })) }, 'WhatsApp messages kept as failed at intake');
      if (messages.length > refused.length) void worker.kick();
      return { received: true as const };
    },
  );
};
