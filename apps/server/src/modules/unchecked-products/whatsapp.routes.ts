import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import { uncheckedProductsService } from './unchecked-products.service.js';
import { notification, textMessages, validSignature } from './whatsapp-webhook.js';

const DEFAULT_LIMIT = 262_144;

/**
 * The WhatsApp Cloud API webhook (decision 140). Off (404) unless a verify token and an app secret
 * are configured. Meta expects a 200 within seconds and retries otherwise, so the answer comes as
 * soon as the signature is checked and the import runs after it; the message id makes retries harmless.
 */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const settings = app.deps.config.whatsapp;
  const pending = new Set<Promise<void>>();

  // The signature is over the exact bytes received, so the body stays raw until it is checked.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: settings?.maxBodyBytes ?? DEFAULT_LIMIT }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async () => {
    if (!settings) throw notFound('Route');
  });
  // Imports still running when the server stops finish first (they hold the database).
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  const tags = ['webhooks'];
  app.get(
    '/api/webhooks/whatsapp',
    {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(512).optional(),
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
      config: { access: 'public' },
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
      if (messages.length) {
        const job = (async () => {
          for (const m of messages) {
            try {
              await uncheckedProductsService.importMessage(db, { source: 'whatsapp', externalId: m.id, fromPhone: m.from, body: m.body, receivedAt: m.receivedAt });
            } catch (err) {
              req.log.error({ err, messageId: m.id }, 'whatsapp import failed');
            }
          }
        })();
        pending.add(job);
        void job.finally(() => pending.delete(job));
      }
      return { received: true as const };
    },
  );
};
