import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  text,
  adminProduct,
  dbIdText,
  errorBody,
  lotListQuery,
  pageOf,
  productIdParam,
  productFormOptions,
  productInput,
  purchaseRequestInput,
  supplierProduct,
} from '@primeur/shared';
import * as service from './marketplace.service.js';
import * as purchaseRequests from '../orders/purchase-requests.service.js';
import { MULTIPART_LIMITS, parseProductData, readUpload } from './marketplace.uploads.js';
import { PHOTO_CONTENT_TYPES, PhotoStore } from '../../media/photos.js';
import { routeLimit } from '../../plugins/rate-limit.js';
import { SESSION_COOKIE } from '../../plugins/session.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody };

export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const store = new PhotoStore(app.deps.config.dataDir);
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  // Paged with ?page=&size= ({ items, page, size, total }); without them the spec's plain array of the
  // first page, the total in X-Total-Count (docs/api/lists.md).
  app.get(
    '/api/users/product/listActiveProducts',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['marketplace'], querystring: lotListQuery, response: { 200: z.union([pageOf(adminProduct), z.array(adminProduct)]), 400: errorBody } },
    },
    async (req, reply) => {
      const page = await service.activePageWithReferences(db, req.query);
      if (req.query.page !== undefined || req.query.size !== undefined) return page;
      void reply.header('x-total-count', page.total);
      return page.items;
    },
  );

  app.get('/api/admin/product/listProducts', { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: z.array(adminProduct) } } }, async () =>
    service.listAll(db),
  );

  app.put(
    '/api/admin/product/statusEnabled/:productId',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: productIdParam, response: { 200: z.array(adminProduct), ...errors } } },
    async (req) => service.toggleEnabled(db, req.user, req.params.productId),
  );

  app.get(
    '/api/users/product/formOptions',
    { config: { access: 'authenticated', scope: 'lots:read' }, schema: { tags: ['marketplace'], response: { 200: productFormOptions } } },
    async () => service.formOptions(db),
  );

  // The supplier's own lots (page /user/products).
  app.get(
    '/api/users/product/myProducts',
    { config: { access: 'supplier', scope: 'lots:read' }, schema: { tags: ['marketplace'], response: { 200: z.array(supplierProduct), ...errors } } },
    async (req) => service.mine(db, req.user!),
  );

  app.post(
    '/api/users/product/add',
    {
      config: { access: 'supplier', scope: 'lots:write', rateLimit: routeLimit(app.deps.config, 'uploads') },
      schema: { tags: ['marketplace'], consumes: ['multipart/form-data'], response: { 201: adminProduct, ...errors } },
    },
    async (req, reply) => {
      const { data, photos } = await readUpload(req);
      const input = parseProductData(data);
      return reply.status(201).send(await service.create(db, store, req.user!, input, photos));
    },
  );

  app.put(
    '/api/users/product/update/:productId',
    {
      config: { access: 'supplier', scope: 'lots:write' },
      schema: { tags: ['marketplace'], params: productIdParam, body: productInput, response: { 200: adminProduct, ...errors } },
    },
    async (req) => service.update(db, req.user!, req.params.productId, req.body),
  );

  app.post(
    '/api/users/product/photos/add/:productId',
    {
      config: { access: 'supplier', scope: 'lots:write', rateLimit: routeLimit(app.deps.config, 'uploads') },
      schema: { tags: ['marketplace'], params: productIdParam, consumes: ['multipart/form-data'], response: { 200: adminProduct, ...errors } },
    },
    async (req) => {
      const { photos } = await readUpload(req);
      return service.addPhotos(db, store, req.user!, req.params.productId, photos);
    },
  );

  app.delete(
    '/api/users/product/photos/delete/:productId/:file',
    {
      config: { access: 'supplier', scope: 'lots:write' },
      schema: {
        tags: ['marketplace'],
        params: productIdParam.extend({ file: text().max(100) }),
        response: { 200: adminProduct, ...errors },
      },
    },
    async (req) => service.removePhoto(db, store, req.user!, req.params.productId, req.params.file),
  );

  app.delete(
    '/api/users/product/delete/:productId',
    { config: { access: 'supplier', scope: 'lots:write' }, schema: { tags: ['marketplace'], params: productIdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.withdraw(db, store, req.user!, req.params.productId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/product/purchaseRequest/:productId',
    {
      config: { access: 'buyer', rateLimit: routeLimit(app.deps.config, 'purchaseRequests'), errors: ['PRICE_CHANGED', 'TOO_MANY_PALLETS'] },
      schema: {
        tags: ['marketplace'],
        params: productIdParam,
        body: purchaseRequestInput,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await purchaseRequests.fileRequest(db, req.user!, req.params.productId, req.body)),
  );

  // Photos: public like any catalogue picture; names are server-made and immutable, so they cache for a year.
  // A disabled lot's photos are 404 like the lot itself, except to its seller and the operator, who
  // get them uncached: the answer depends on who asks (decision 505).
  app.get(
    '/product-images/:productId/:file',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ productId: text().max(20), file: text().max(200) }) } },
    async (req, reply) => {
      const id = dbIdText.safeParse(req.params.productId);
      const token = req.cookies[SESSION_COOKIE];
      const exposure = id.success ? await service.lotExposure(db, id.data, () => (token ? app.sessions.resolve(token) : null)) : 'open';
      const photo = exposure === 'hidden' ? null : await store.read(req.params.productId, req.params.file);
      if (!photo) return reply.status(404).send({ error: 'Photo not found.', code: 'NOT_FOUND' });
      return reply
        .header('content-type', PHOTO_CONTENT_TYPES[photo.type])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', exposure === 'open' ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    },
  );
};
