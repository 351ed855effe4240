import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminInvoiceListQuery,
  errorBody,
  idParam,
  invoice,
  invoicePage,
  invoicingSettings,
  invoicingSettingsAnswer,
  markInvoicePaidInput,
  reconciliationReport,
  todayInParis,
  userInvoiceListQuery,
} from '@primeur/shared';
import { invoicesCsv } from './invoicing.csv.js';
import * as issuing from './invoicing.issuing.js';
import * as reads from './invoicing.reads.js';
import { reconcile } from './invoicing.reconciliation.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['invoices'];

/** "Invoice" / "Credit note" file names stay ASCII: the number is the meaningful part. */
const fileName = (kind: 'INVOICE' | 'CREDIT_NOTE', number: string, ext: 'pdf' | 'xml') =>
  `${kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${number.replace(/[^A-Za-z0-9-]/g, '')}.${ext}`;

export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = database.db;
  const issueDeps: issuing.IssueDeps = { db, mailer: app.mailer, log: app.log, publicOrigin: config.publicOrigin, commission: config.commission };

  app.get(
    '/api/users/invoices',
    { config: { access: 'authenticated' }, schema: { tags, querystring: userInvoiceListQuery, response: { 200: invoicePage, ...errors } } },
    async (req) => reads.listMine(db, req.user!, req.query),
  );

  app.get(
    '/api/users/invoices/:id.pdf',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        params: idParam,
        produces: ['application/pdf'],
        response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The Factur-X PDF (PDF/A-3 with factur-x.xml)'), ...errors },
      },
    },
    async (req, reply) => {
      const d = await reads.documents(db, req.user!, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName(d.kind, d.number, 'pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(d.pdf);
    },
  );

  app.get(
    '/api/users/invoices/:id.xml',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParam, produces: ['application/xml'], response: { 200: z.string().describe('The EN 16931 CII XML'), ...errors } },
    },
    async (req, reply) => {
      const d = await reads.documents(db, req.user!, req.params.id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(d.kind, d.number, 'xml')}"`)
        .header('cache-control', 'private, no-store')
        .send(d.xml);
    },
  );

  app.get(
    '/api/users/invoices/:id',
    { config: { access: 'authenticated' }, schema: { tags, params: idParam, response: { 200: invoice, ...errors } } },
    async (req) => reads.get(db, req.user!, req.params.id),
  );

  app.post(
    '/api/users/invoices/:id/paid',
    {
      config: { access: ['supplier', 'admin'] },
      schema: { tags, params: idParam, body: markInvoicePaidInput, response: { 200: invoice, ...errors } },
    },
    async (req) => reads.markPaid(db, req.user!, req.params.id, req.body),
  );

  // ---- the seller's settings for its invoices ----
  app.get(
    '/api/users/invoicing-settings',
    { config: { access: 'supplier' }, schema: { tags, response: { 200: invoicingSettingsAnswer, ...errors } } },
    async (req) => reads.invoicingSettings(db, req.user!),
  );

  app.put(
    '/api/users/invoicing-settings',
    { config: { access: 'supplier' }, schema: { tags, body: invoicingSettings, response: { 200: invoicingSettingsAnswer, ...errors } } },
    async (req) => reads.saveInvoicingSettings(db, req.user!, req.body),
  );

  // ---- the operator ----
  app.get(
    '/api/admin/invoices',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: adminInvoiceListQuery, response: { 200: invoicePage, ...errors } } },
    async (req) => reads.listAll(db, req.query),
  );

  app.get(
    '/api/admin/invoices.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: adminInvoiceListQuery.omit({ page: true, size: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('The accounting journal as CSV (UTF-8 with BOM, ";" separated)'), ...errors },
      },
    },
    async (req, reply) => {
      const body = await invoicesCsv(reads.journalRows(db, req.query), todayInParis());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invoices.csv"')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  /** After the company data was fixed: try a waiting invoice again now rather than at the next job pass. */
  app.post(
    '/api/admin/invoices/:id/retry',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: idParam, response: { 200: invoice, ...errors } } },
    async (req) => {
      await reads.get(db, req.user!, req.params.id);
      await issuing.retry(issueDeps, req.params.id);
      return reads.get(db, req.user!, req.params.id);
    },
  );

  /** The books' invariants checked now (decision 997): every violation, [] when the books balance. */
  app.get(
    '/api/admin/reconciliation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'Checks the invariants of the books (orders, invoices, credit notes, payments, commission, number series) and lists every violation.',
        response: { 200: reconciliationReport, ...errors },
      },
    },
    async () => reconcile(db, { commission: config.commission !== undefined }),
  );
};
