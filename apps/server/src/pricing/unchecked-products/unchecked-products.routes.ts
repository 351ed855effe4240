import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  idParam,
  importUncheckedBody,
  importUncheckedResult,
  moveUncheckedBody,
  moveUncheckedResult,
  okMessage,
  uncheckedPage,
  uncheckedPageQuery,
  unparsedMessage,
} from '@primeur/shared';
import { z } from 'zod';
import * as uncheckedProductsService from './unchecked-products.service.js';

/** Review of imported supplier offers (spec §2 /intern/supplierProductsUnchecked, §7 user products). */
export const uncheckedProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['unchecked-products'];
  const admin = { access: 'admin' as const };

  app.get(
    '/api/intern/userProduct/supplier/unchecked',
    { config: admin, schema: { tags, querystring: uncheckedPageQuery, response: { 200: uncheckedPage, 400: errorBody } } },
    async (req) => uncheckedProductsService.page(db, req.query.page, req.query.size),
  );

  app.delete(
    '/api/intern/userProduct/supplier/unchecked/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, 404: errorBody } } },
    async (req) => {
      await uncheckedProductsService.remove(db, req.user, req.params.id);
      return { message: 'Unchecked product deleted.' };
    },
  );

  app.post(
    '/api/intern/userProduct/supplier/unchecked/import',
    { config: admin, schema: { tags, body: importUncheckedBody, response: { 201: importUncheckedResult, 400: errorBody, 404: errorBody } } },
    async (req, reply) => {
      const rows =
        (await uncheckedProductsService.importMessage(db, req.user, { source: 'paste', body: req.body.text, supplierId: req.body.supplierId ?? null })) ?? [];
      return reply.status(201).send({ imported: rows.length, rows });
    },
  );

  app.get(
    '/api/intern/userProduct/supplier/unchecked/messages/unparsed',
    {
      config: admin,
      schema: {
        tags,
        description: 'Received messages that could not be parsed (with the error) or are still waiting, newest first.',
        response: { 200: z.array(unparsedMessage) },
      },
    },
    async () => uncheckedProductsService.unparsed(db),
  );

  app.post(
    '/api/intern/userProduct/supplier/unchecked/messages/:id/parse',
    {
      config: admin,
      schema: {
        tags,
        description: 'Parses a failed message again (its rows appear once done).',
        params: idParam,
        response: { 202: okMessage, 404: errorBody },
      },
    },
    async (req, reply) => {
      await uncheckedProductsService.retry(db, req.params.id);
      await app.intake.kick();
      return reply.status(202).send({ message: 'Message parsed again.' });
    },
  );

  app.post(
    '/api/intern/userProduct/supplier/unchecked/:id/move',
    {
      config: admin,
      schema: { tags, params: idParam, body: moveUncheckedBody, response: { 201: moveUncheckedResult, 400: errorBody, 404: errorBody, 409: errorBody } },
    },
    async (req, reply) => reply.status(201).send({ variant: await uncheckedProductsService.move(db, req.user, req.params.id, req.body) }),
  );
};
