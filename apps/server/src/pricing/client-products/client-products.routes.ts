import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  text,
  addClientVariant,
  clientIdParam,
  clientVariant,
  errorBody,
  generatedPriceList,
  idParam,
  okMessage,
  productIdParam,
  supplierVariant,
} from '@primeur/shared';
import * as clientProductsService from './client-products.service.js';
import * as priceListService from './price-list.service.js';

/** Client product variants (spec §2 /intern/clients) and the client price list (spec §7). */
export const clientProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['client-products'];
  const admin = { access: 'admin' as const };

  app.get(
    '/api/intern/userProduct/client/variants/:clientId',
    { config: admin, schema: { tags, params: clientIdParam, response: { 200: z.array(clientVariant), 404: errorBody } } },
    async (req) => clientProductsService.listForClient(db, req.params.clientId),
  );

  app.get(
    '/api/intern/userProduct/client/variantSources/:productId',
    { config: admin, schema: { tags, params: productIdParam, response: { 200: z.array(supplierVariant), 404: errorBody } } },
    async (req) => clientProductsService.supplierVariantsOf(db, req.params.productId),
  );

  app.post(
    '/api/intern/userProduct/user/client/product/add/:clientId',
    {
      config: admin,
      schema: { tags, params: clientIdParam, body: addClientVariant, response: { 201: clientVariant, 400: errorBody, 404: errorBody, 409: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await clientProductsService.add(db, req.user, req.params.clientId, req.body)),
  );

  app.delete(
    '/api/intern/userProduct/client/delete/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, 404: errorBody } } },
    async (req) => {
      await clientProductsService.remove(db, req.user, req.params.id);
      return { message: 'Client variant deleted.' };
    },
  );

  app.post(
    '/api/intern/client/:id/generatePriceList',
    { config: admin, schema: { tags, params: idParam, response: { 201: generatedPriceList, 404: errorBody } } },
    async (req, reply) => reply.status(201).send(await priceListService.generate(db, req.params.id)),
  );

  app.get(
    '/api/intern/client/downloadClientPriceList/:company',
    {
      config: admin,
      schema: {
        tags,
        params: z.object({ company: text().min(1).max(200) }),
        produces: ['application/pdf'],
        // Fastify sends a Buffer as it is; the schema only says what the body is.
        response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The price list PDF'), 404: errorBody },
      },
    },
    async (req, reply) => {
      const list = await priceListService.download(db, req.params.company);
      // RFC 6266: an ASCII fallback plus the UTF-8 name, so "Nordisk Frukt AB-21-11.pdf" and accented names both survive.
      const ascii = list.fileName
        .normalize('NFD')
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/"/g, '');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(list.fileName)}`)
        .header('cache-control', 'no-store')
        .send(list.pdf);
    },
  );
};
