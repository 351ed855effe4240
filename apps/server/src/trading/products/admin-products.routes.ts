import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProduct, adminProductQuery, errorBody, pageOf } from '@primeur/shared';
import * as adminProductsService from './admin-products.service.js';

/**
 * The admin product list with search, filters and pages (issue 16, decision 641). The spec's
 * `/api/admin/product/listProducts` keeps its whole array; this is the list the admin page reads.
 */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/admin/product/search',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: adminProductQuery, response: { 200: pageOf(adminProduct), 400: errorBody } } },
    async (req) => adminProductsService.search(db, req.query),
  );
};
