import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dbIdText,
  addVariantBody,
  errorBody,
  idParam,
  okMessage,
  overview,
  overviewDistinct,
  overviewDistinctQuery,
  overviewQuery,
  supplier,
  supplierVariant,
  variantEditParams,
} from '@primeur/shared';
import * as service from './supplier-products.service.js';
import * as overviewService from './overview.service.js';

/** Supplier price lists (variants), the price overview and the request page's supplier list. */
export const supplierProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['supplier-products'];
  const admin = { access: 'admin' as const };
  const base = '/api/intern/userProduct';

  app.get(
    `${base}/supplier/products/:supplierId`,
    {
      config: admin,
      schema: {
        tags,
        params: z.object({ supplierId: dbIdText }),
        response: { 200: z.array(supplierVariant), 404: errorBody },
      },
    },
    async (req) => service.listForSupplier(db, req.params.supplierId),
  );

  app.post(
    `${base}/supplier/variant/add`,
    { config: admin, schema: { tags, body: addVariantBody, response: { 201: supplierVariant, 400: errorBody, 404: errorBody, 409: errorBody } } },
    async (req, reply) => reply.status(201).send(await service.addBlankOrCopy(db, req.user, req.body.productLinkId, req.body.copyOf)),
  );

  app.put(
    `${base}/supplier/:action/:id/:value`,
    { config: admin, schema: { tags, params: variantEditParams, response: { 200: supplierVariant, 400: errorBody, 404: errorBody } } },
    async (req) => service.edit(db, req.user, req.params.action, req.params.id, req.params.value),
  );

  app.delete(`${base}/supplier/delete/:id`, { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, 404: errorBody } } }, async (req) => {
    await service.remove(db, req.user, req.params.id);
    return { message: 'Variant deleted.' };
  });

  app.get(
    `${base}/supplier/productDetails`,
    { config: admin, schema: { tags, querystring: overviewQuery, response: { 200: overview, 400: errorBody, 404: errorBody } } },
    async (req) => {
      const { productId, ...rest } = req.query;
      return overviewService.overview(db, { articleId: productId, ...rest });
    },
  );

  app.get(
    `${base}/supplier/productDetails/distinct`,
    {
      config: admin,
      schema: { tags, querystring: overviewDistinctQuery, response: { 200: overviewDistinct, 400: errorBody, 404: errorBody } },
    },
    async (req) => {
      const { productId, ...rest } = req.query;
      return overviewService.distinct(db, { articleId: productId, ...rest });
    },
  );

  app.get(
    `${base}/user/products/getUserAllowedProducts/:productId`,
    {
      config: admin,
      schema: { tags, params: z.object({ productId: dbIdText }), response: { 200: z.array(supplier), 404: errorBody } },
    },
    async (req) => service.allowedSuppliers(db, req.params.productId),
  );
};
