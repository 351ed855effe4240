import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, outboxPage, outboxQuery, productRequest, productRequestSent } from '@primeur/shared';
import { createMailer } from '../../documents/email/mailer.js';
import { requestsService } from './requests.service.js';

/** Product requests by email, and the outbox where every message and its delivery status is kept. */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mailer = createMailer(app.deps.config);
  app.addHook('onClose', async () => mailer.close());
  const tags = ['requests'];
  const admin = { access: 'admin' as const };

  app.post(
    '/api/email/intern/requestProduct/send',
    { config: admin, schema: { tags, body: productRequest, response: { 201: productRequestSent, 400: errorBody, 404: errorBody } } },
    async (req, reply) => reply.status(201).send(await requestsService.send(db, mailer, req.user?.id ?? null, req.body)),
  );

  app.get(
    '/api/email/intern/outbox',
    { config: admin, schema: { tags, querystring: outboxQuery, response: { 200: outboxPage } } },
    async (req) => requestsService.outbox(db, req.query.page, req.query.size),
  );
};
