import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, traceQuery, tracePdfQuery, traceResult } from '@primeur/shared';
import { contentDisposition, readerLanguage } from '../../lib/downloads.js';
import { dialectFor } from '../../lib/csv.js';
import { renderTrace } from '../../documents/pdf/trace.js';
import { trace } from './trace.service.js';
import { traceCsv } from './trace.csv.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['admin'];

/** The operator's trace (issue 37): the chain of a pallet, lot, order or invoice as JSON, CSV and PDF. */
export const traceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/admin/trace',
    { config: { access: 'admin', errors: ['TRACE_AMBIGUOUS'] }, schema: { tags, querystring: traceQuery, response: { 200: traceResult, ...errors } } },
    async (req) => trace(db, req.query),
  );

  app.get(
    '/api/admin/trace.csv',
    {
      config: { access: 'admin', errors: ['TRACE_AMBIGUOUS'] },
      schema: {
        tags,
        querystring: traceQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The chain, a line a pallet (UTF-8 with BOM, ";" separated)'), ...errors },
      },
    },
    async (req, reply) => {
      const result = await trace(db, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `trace-${result.lot.lotNumber}.csv`))
        .header('cache-control', 'private, no-store')
        .send(traceCsv(result, dialectFor(readerLanguage(undefined, req.headers['accept-language']))));
    },
  );

  app.get(
    '/api/admin/trace.pdf',
    {
      config: { access: 'admin', errors: ['TRACE_AMBIGUOUS'] },
      schema: {
        tags,
        querystring: tracePdfQuery,
        produces: ['application/pdf'],
        response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The chain as a PDF report'), ...errors },
      },
    },
    async (req, reply) => {
      const { lang, ...q } = req.query;
      const result = await trace(db, q);
      const lng = readerLanguage(lang, req.headers['accept-language']);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', `trace-${result.lot.lotNumber}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(await renderTrace(result, lng));
    },
  );
};
