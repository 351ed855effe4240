import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  articleIdParam,
  errorBody,
  marketReference,
  PRICE_IMPORT_MAX_BYTES,
  priceHistoryQuery,
  priceHistoryResponse,
  priceImportError,
  priceImportJson,
  priceImportResult,
  priceImportStatus,
  scrapedPricesQuery,
  scrapedPricesResponse,
} from '@primeur/shared';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { readMultipart } from '../../lib/multipart-input.js';
import { detectFormat } from './price-file.js';
import { PriceFetcher } from './price-fetcher.js';
import * as pricesService from './prices.service.js';
import * as referenceService from './reference.service.js';

export const pricesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { prices } = app.deps.config;
  const fetcher = new PriceFetcher(
    db,
    { sources: prices.sources, hour: prices.fetchHour, timeoutMs: prices.fetchTimeoutMs, runScheduled: () => app.jobs.runExclusive('price-fetch') },
    app.log,
  );
  // A job of the runner (decision 524): at the daily hour only one instance fetches.
  app.jobs.register({ name: 'price-fetch', everyMs: 0, minGapMs: 3_600_000, run: async () => void (await fetcher.runNow()) });
  app.addHook('onReady', async () => fetcher.start());
  app.addHook('onClose', async () => fetcher.stop());

  // Only this module takes uploads; the rest of the API stays JSON-only.
  await app.register(multipart, { limits: { fileSize: PRICE_IMPORT_MAX_BYTES, files: 1, fields: 5 } });

  app.get(
    '/api/intern/productList/product/scrapedPrices',
    {
      config: { access: 'admin' },
      schema: { tags: ['prices'], querystring: scrapedPricesQuery, response: { 200: scrapedPricesResponse, 400: errorBody } },
    },
    async (req) => pricesService.scrapedPrices(db, req.query.date, req.query.type),
  );

  app.get(
    '/api/intern/prices/history',
    {
      config: { access: 'admin' },
      schema: { tags: ['prices'], querystring: priceHistoryQuery, response: { 200: priceHistoryResponse, 400: errorBody } },
    },
    async (req) => pricesService.history(db, req.query),
  );

  // The market reference of a catalog article (decision 860): the supplier's lot form shows it beside the
  // starting price and the reserve before the lot exists. 204 when no market price matches.
  app.get(
    '/api/users/reference/article/:articleId',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['prices'], params: articleIdParam, response: { 200: marketReference, 204: z.null(), 400: errorBody, 404: errorBody } },
    },
    async (req, reply) => {
      const ref = await referenceService.forArticle(db, req.params.articleId);
      return ref ? ref : reply.status(204).send(null);
    },
  );

  app.post(
    '/api/intern/prices/import',
    {
      config: { access: 'admin' },
      bodyLimit: PRICE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['prices'],
        description: 'A price file as multipart (field "file", .csv or .json) or the JSON document { type, rows } as the body.',
        body: priceImportJson.nullish(),
        response: { 200: priceImportResult, 400: priceImportError, 413: errorBody },
      },
    },
    async (req) => {
      if (req.isMultipart()) {
        const file = await readMultipart(() => req.file());
        if (!file) throw badRequest('Attach the price file in the field "file".', 'file');
        const buffer = await readMultipart(() => file.toBuffer());
        const content = buffer.toString('utf8');
        return pricesService.importFile(db, { content, format: detectFormat(file.filename, content), origin: 'upload', label: file.filename || 'upload' });
      }
      if (!req.body) throw badRequest('Send a price file.', 'file');
      return pricesService.importFile(db, { content: req.body, format: 'json', origin: 'upload', label: 'JSON body' });
    },
  );

  app.get(
    '/api/intern/prices/imports/status',
    { config: { access: 'admin' }, schema: { tags: ['prices'], response: { 200: priceImportStatus } } },
    async () => {
      const status = await pricesService.importStatus(db);
      return {
        ...status,
        schedule: { enabled: fetcher.enabled, hour: prices.fetchHour, sourceCount: prices.sources.length, nextRunAt: fetcher.next?.toISOString() ?? null },
      };
    },
  );

  app.post(
    '/api/intern/prices/fetch',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['prices'],
        description: 'Runs the scheduled fetch of the configured sources now.',
        response: {
          200: z.array(z.object({ source: z.string(), ok: z.boolean(), rowCount: z.number().int(), error: z.string().optional() })),
          409: errorBody,
        },
      },
    },
    async () => {
      if (!fetcher.enabled) throw new HttpError(409, 'NO_PRICE_SOURCES', 'No price source is configured (PRICE_SOURCES).');
      return fetcher.runNow();
    },
  );
};
