import { Readable } from 'node:stream';
import { z } from 'zod';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProductQuery,
  errorBody,
  exportLangQuery,
  exportListParam,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  importKindParam,
  importPreview,
  importResult,
  userListQuery,
  variantExportQuery,
  type ExportList,
} from '@primeur/shared';
import { HttpError, badRequest } from '../../lib/http-error.js';
import { readMultipart } from '../../lib/multipart-input.js';
import { csvHead, dialectFor, readerLanguage } from '../../lib/csv.js';
import { exportCsv } from './exports.js';
import { checkFile, commitFile } from './imports.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 415: errorBody };

/**
 * The filters of each export: the list endpoint's own query schema, less the paging, parsed the same
 * way (so the file holds what the page shows) plus `lang`. Companies and carriers have no filters.
 */
const EXPORT_QUERIES: Record<ExportList, z.ZodType<Record<string, unknown>>> = {
  users: userListQuery.omit({ page: true, size: true }).extend(exportLangQuery.shape).strict(),
  lots: adminProductQuery.omit({ page: true, size: true }).extend(exportLangQuery.shape).strict(),
  variants: variantExportQuery.extend(exportLangQuery.shape).strict(),
  suppliers: exportLangQuery.strict(),
  clients: exportLangQuery.strict(),
  carriers: exportLangQuery.strict(),
};

/**
 * The query parameters of an export, as the OpenAPI document lists them: every list's filters (those
 * of EXPORT_QUERIES), each documented once. Which apply depends on the list: the handler checks the
 * query against that list's own schema, and any other parameter is kept here so that it refuses it.
 */
const exportFilters = z
  .object({
    ...exportLangQuery.shape,
    q: userListQuery.shape.q.describe('users, lots: words searched'),
    category: userListQuery.shape.category.describe('users'),
    status: z
      .enum([...userListQuery.shape.status.unwrap().options, ...adminProductQuery.shape.status.unwrap().options])
      .optional()
      .describe('users: active, inactive; lots: ENABLED, DISABLED, EXPIRED, IN_AUCTION'),
    family: adminProductQuery.shape.family.describe('lots'),
    supplierId: variantExportQuery.shape.supplierId.describe('variants: one supplier'),
  })
  .catchall(z.string());

/**
 * The uploaded file (field `file`): one CSV (by name or type), at most IMPORT_MAX_BYTES, handed over as
 * its bytes arrive, not buffered (decision 1013): the reader stops at the row limit. A body larger
 * than the route's limit is refused from its Content-Length before a byte is read.
 */
async function csvUpload(req: FastifyRequest): Promise<AsyncIterable<Buffer>> {
  if (!req.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as multipart/form-data (field "file").');
  if (Number(req.headers['content-length']) > req.routeOptions.bodyLimit) throw fileTooLarge();
  const file = await readMultipart(() => req.file());
  if (!file || file.fieldname !== 'file') throw badRequest('Attach the CSV file in the field "file".', 'file');
  const csvType = /^(text\/(csv|plain|comma-separated-values)|application\/(vnd\.ms-excel|csv|octet-stream))$/i.test(file.mimetype);
  if (!/\.(csv|txt)$/i.test(file.filename) && !csvType) {
    file.file.resume();
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only a .csv file can be imported.', [{ path: 'file', message: 'notCsv' }]);
  }
  return uploadBytes(file);
}

const fileTooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The file is larger than 5 MB.');

/**
 * The file's bytes as they arrive. A reader that stops early (a refusal) leaves the rest of the upload
 * to drain unparsed, so the request ends as usual; a file cut at IMPORT_MAX_BYTES is refused whole.
 */
async function* uploadBytes(file: MultipartFile): AsyncGenerator<Buffer> {
  let ended = false;
  try {
    // Not destroyed when the reader stops: destroying the part would leave the request body unread.
    for await (const chunk of file.file.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
    ended = true;
  } catch (err) {
    // A body cut short or malformed is the request's fault (400), as readMultipart says.
    await readMultipart(() => Promise.reject(err));
  } finally {
    if (!ended) file.file.resume();
  }
  if (file.file.truncated) throw fileTooLarge();
}

const csvReply = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});

/** CSV out of every admin list, CSV in of price lists, client product lists and lots (issue 26). */
export const dataExchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const tags = ['admin'];

  app.get(
    '/api/admin/export/:list.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: exportListParam,
        querystring: exportFilters,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The list as CSV (UTF-8 with BOM; ";" and decimal comma for fr/de/es, "," for en)'), ...errors },
      },
    },
    async (req, reply) => {
      const { list } = req.params;
      const parsed = EXPORT_QUERIES[list].safeParse(req.query);
      if (!parsed.success) {
        throw new HttpError(
          400,
          'VALIDATION_FAILED',
          'Invalid filters.',
          parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'query', message: i.message })),
        );
      }
      const { lang, ...filters } = parsed.data as { lang?: string } & Record<string, unknown>;
      const dialect = dialectFor(readerLanguage(lang, req.headers['accept-language']));
      const stream = Readable.from(exportCsv(db, list, filters as never, dialect));
      return reply.headers(csvReply(`${list}.csv`)).send(stream);
    },
  );

  app.get(
    '/api/admin/import/:kind/template.csv',
    {
      config: { access: 'admin' },
      schema: { tags, params: importKindParam, querystring: exportLangQuery, produces: ['text/csv'], response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const dialect = dialectFor(readerLanguage(req.query.lang, req.headers['accept-language']));
      return reply.headers(csvReply(`${req.params.kind}-template.csv`)).send(csvHead(IMPORT_COLUMNS[req.params.kind], dialect));
    },
  );

  app.post(
    '/api/admin/import/:kind/preview',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: { tags, params: importKindParam, consumes: ['multipart/form-data'], response: { 200: importPreview, ...errors } },
    },
    async (req) => (await checkFile(db, req.params.kind, await csvUpload(req))).preview,
  );

  app.post(
    '/api/admin/import/:kind/commit',
    {
      config: { access: 'admin' },
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: { tags, params: importKindParam, consumes: ['multipart/form-data'], response: { 200: importResult, ...errors } },
    },
    async (req) => commitFile(db, req.user!, req.params.kind, await csvUpload(req)),
  );
};
