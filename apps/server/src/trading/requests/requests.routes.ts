import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailMessage, errorBody, idParam, outboxPage, outboxQuery, productRequest, productRequestSent } from '@primeur/shared';
import * as requestsService from './requests.service.js';

/** Product requests by email, and the outbox where every message and its delivery status is kept. */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const delivery = app.mailDelivery;
  const tags = ['requests'];
  const admin = { access: 'admin' as const };

  app.post(
    '/api/email/intern/requestProduct/send',
    { config: admin, schema: { tags, body: productRequest, response: { 201: productRequestSent, 400: errorBody, 404: errorBody } } },
    async (req, reply) => reply.status(201).send(await requestsService.send(db, delivery, req.user?.id ?? null, req.body)),
  );

  app.get('/api/email/intern/outbox', { config: admin, schema: { tags, querystring: outboxQuery, response: { 200: outboxPage } } }, async (req) =>
    requestsService.outbox(db, req.query.page, req.query.size),
  );

  app.post(
    '/api/email/intern/outbox/:id/retry',
    { config: admin, schema: { tags, params: idParam, response: { 200: emailMessage, 404: errorBody, 409: errorBody } } },
    async (req) => requestsService.retry(db, delivery, req.params.id),
  );
};
