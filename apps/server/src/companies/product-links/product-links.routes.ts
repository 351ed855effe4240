import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addProducts, dbIdText, errorBody, idParam, okMessage, OWNER_KINDS, productLink, productLinkWithOwner, text } from '@primeur/shared';
import * as productLinksService from './product-links.service.js';

/** Products a company deals in; the meaning of each parameter is in docs/api/product-links.md. */
export const productLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['product-links'];
  const admin = { access: 'admin' as const };
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

  app.post(
    '/api/intern/userProduct/user/add/:kind/:code/:companyId',
    {
      config: admin,
      schema: {
        tags,
        params: z.object({
          kind: z.enum(OWNER_KINDS),
          code: text().min(1).max(32),
          companyId: dbIdText,
        }),
        response: { 201: productLinkWithOwner, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await productLinksService.addByCode(db, req.user, req.params.kind, req.params.code, req.params.companyId)),
  );

  app.post(
    '/api/intern/userProduct/user/products/add',
    { config: admin, schema: { tags, body: addProducts, response: { 201: z.array(productLink), ...errors } } },
    async (req, reply) => {
      const [kind, id] = req.body.supplierId ? (['supplier', req.body.supplierId] as const) : (['client', req.body.clientId!] as const);
      return reply.status(201).send(await productLinksService.addMany(db, req.user, kind, id, req.body.productIds));
    },
  );

  for (const kind of OWNER_KINDS) {
    app.delete(
      `/api/intern/productList/${kind}/delete/:id`,
      { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, 404: errorBody, 409: errorBody } } },
      async (req) => {
        await productLinksService.remove(db, req.user, kind, req.params.id);
        return { message: 'Product removed from the list.' };
      },
    );
    app.get(
      `/api/intern/userProduct/${kind}/products/product/:id`,
      { config: admin, schema: { tags, params: idParam, response: { 200: z.array(productLink), 404: errorBody } } },
      async (req) => productLinksService.listFor(db, kind, req.params.id),
    );
  }

  app.get(
    '/api/intern/userProduct/get/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: productLinkWithOwner, 404: errorBody } } },
    async (req) => productLinksService.get(db, req.params.id),
  );
};
