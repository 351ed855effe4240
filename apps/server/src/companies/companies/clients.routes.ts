import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { client, errorBody, idParam, paymentTermsBody } from '@primeur/shared';
import * as companiesService from './companies.service.js';

/** Client-only calls (payment terms, decision 956); the calls shared with suppliers are in the companies module. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.post(
    '/api/intern/client/paymentTerms/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['clients'], params: idParam, body: paymentTermsBody, response: { 200: client, 400: errorBody, 404: errorBody } },
    },
    async (req) => companiesService.setPaymentTerms(db, req.user, req.params.id, req.body.value),
  );
};
