import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, roleHome, sentPurchaseRequest } from '@primeur/shared';
import * as service from './home.service.js';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get('/api/users/home', { config: { access: 'authenticated' }, schema: { tags: ['home'], response: { 200: roleHome, 401: errorBody } } }, async (req) =>
    service.forUser(db, req.user!),
  );

  app.get(
    '/api/users/product/purchaseRequests/sent',
    { config: { access: 'authenticated' }, schema: { tags: ['marketplace'], response: { 200: z.array(sentPurchaseRequest), 401: errorBody } } },
    async (req) => service.sentRequests(db, req.user!),
  );
};
