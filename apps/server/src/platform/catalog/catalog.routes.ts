import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addTransport, article, catalogItem, errorBody, transport } from '@primeur/shared';
import * as catalogService from './catalog.service.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['catalog'];

  // Back-office lookups of spec §7.
  app.get('/api/intern/productList/getAll', { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(article) } } }, async () =>
    catalogService.listArticles(db),
  );
  app.get('/api/intern/productList/box/getAll', { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listBoxes(db),
  );
  app.get('/api/intern/productList/packaging/getAll', { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listPackagings(db),
  );
  app.get('/api/intern/certificate/getAll', { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listCertificates(db),
  );
  app.get('/api/intern/transport/getAll', { config: { access: 'admin' }, schema: { tags, response: { 200: z.array(transport) } } }, async () =>
    catalogService.listTransports(db),
  );
  app.post(
    '/api/intern/transport/add',
    { config: { access: 'admin' }, schema: { tags, body: addTransport, response: { 201: transport, 400: errorBody, 409: errorBody } } },
    async (req, reply) => reply.status(201).send(await catalogService.addTransport(db, req.user, req.body.carrier, req.body.price)),
  );

  // Read-only catalog for every signed-in user (listing creation); carriers and prices stay internal.
  app.get('/api/catalog/articles', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(article) } } }, async () =>
    catalogService.listArticles(db),
  );
  app.get('/api/catalog/boxes', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listBoxes(db),
  );
  app.get('/api/catalog/packagings', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listPackagings(db),
  );
  app.get('/api/catalog/certificates', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(catalogItem) } } }, async () =>
    catalogService.listCertificates(db),
  );
};
