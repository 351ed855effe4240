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
  adminStatementQuery,
  idempotencyKey,
  markInvoicePaidInput,
  recordPaymentInput,
  statement,
  statementQuery,
  reconciliationReport,
  todayInParis,
  userInvoiceListQuery,
  type Statement,
} from '@primeur/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderStatementPdf } from '../../documents/pdf/statement.js';
import { contentDisposition, readerLanguage } from '../../lib/downloads.js';
import { HttpError } from '../../lib/http-error.js';
import * as statements from './invoicing.statements.js';
import { invoicesCsv } from './invoicing.csv.js';
import * as issuing from './invoicing.issuing.js';
import * as reads from './invoicing.reads.js';
import { reconcile } from './invoicing.reconciliation.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const paymentErrors = { ...errors, 422: errorBody };
const paymentCodes = ['OVERPAYMENT', 'PAID_BEFORE_ISSUE', 'INVOICE_NOT_PAYABLE', 'IDEMPOTENCY_KEY_REUSED'] as const;

/** The optional Idempotency-Key header, as the bids read it (decision 404): a retried request is recorded once. */
function keyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
  if (!parsed.success) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".', [
      { path: 'headers.idempotency-key', message: 'invalidKey' },
    ]);
  }
  return parsed.data;
}

/** A file name for a statement: both companies, ASCII (contentDisposition adds the exact one). */
const statementFile = (s: Statement, ext: 'pdf' | 'csv') => `statement-${s.company.name}-${s.counterparty.name}-${s.to}.${ext}`.replace(/[/\\]/g, '-');
const tags = ['invoices'];

/** "Invoice" / "Credit note" file names stay ASCII: the number is the meaningful part. */
const fileName = (kind: 'INVOICE' | 'CREDIT_NOTE', number: string, ext: 'pdf' | 'xml') =>
  `${kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${number.replace(/[^A-Za-z0-9-]/g, '')}.${ext}`;

export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = database.db;
  const issueDeps: issuing.IssueDeps = { db, mailer: app.mailer, bus: app.bus, log: app.log, publicOrigin: config.publicOrigin, commission: config.commission };

  app.get(
    '/api/users/invoices',
    {
      config: { access: 'authenticated', scope: 'invoices:read' },
      schema: { tags, querystring: userInvoiceListQuery, response: { 200: invoicePage, ...errors } },
    },
    async (req) => reads.listMine(db, req.user!, req.query),
  );

  app.get(
    '/api/users/invoices/:id.pdf',
    {
      config: { access: 'authenticated', scope: 'invoices:read' },
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
      config: { access: 'authenticated', scope: 'invoices:read' },
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
    { config: { access: 'authenticated', scope: 'invoices:read' }, schema: { tags, params: idParam, response: { 200: invoice, ...errors } } },
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

  // ---- payments (decision 964): a payment on an invoice, a refund on a credit note ----
  for (const [path, access] of [
    ['/api/users/invoices/:id/payments', ['supplier', 'admin']],
    ['/api/admin/invoices/:id/payments', 'admin'],
  ] as const) {
    app.post(
      path,
      {
        config: { access, errors: paymentCodes },
        schema: { tags: access === 'admin' ? ['admin'] : tags, params: idParam, body: recordPaymentInput, response: { 200: invoice, ...paymentErrors } },
      },
      async (req) => reads.addPayment(db, req.user!, req.params.id, { ...req.body, idempotencyKey: keyOf(req) }),
    );
  }

  // ---- statements of account (decision 965): JSON, PDF and CSV; the operator names both companies ----
  const statementDownload = async (req: FastifyRequest, reply: FastifyReply, s: Statement, format: 'pdf' | 'csv', lang: string | undefined) => {
    const lng = readerLanguage(lang, req.headers['accept-language']);
    if (format === 'pdf') {
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', statementFile(s, 'pdf')))
        .header('cache-control', 'private, no-store')
        .send(await renderStatementPdf(s, lng));
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', statementFile(s, 'csv')))
      .header('cache-control', 'private, no-store')
      .send(statements.statementCsv(s, lng));
  };
  const pdfBody = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe("The statement of account as PDF, in the reader's language");
  const csvBody = z.string().describe('The statement of account as CSV (UTF-8 with BOM; ";" and a decimal comma in fr/de/es, "," and a point in en)');
  for (const side of ['users', 'admin'] as const) {
    const access = side === 'admin' ? ('admin' as const) : ('authenticated' as const);
    const querystring = side === 'admin' ? adminStatementQuery : statementQuery;
    const tagsOf = side === 'admin' ? ['admin'] : tags;
    const read = (req: FastifyRequest) => {
      const q = req.query as z.infer<typeof adminStatementQuery> | z.infer<typeof statementQuery>;
      return statements.statementFor(db, req.user!, { ...q, company: 'company' in q ? q.company : undefined });
    };
    app.get(`/api/${side}/statements`, { config: { access }, schema: { tags: tagsOf, querystring, response: { 200: statement, ...errors } } }, async (req) =>
      read(req),
    );
    app.get(
      `/api/${side}/statements.pdf`,
      { config: { access }, schema: { tags: tagsOf, querystring, produces: ['application/pdf'], response: { 200: pdfBody, ...errors } } },
      async (req, reply) => statementDownload(req, reply, await read(req), 'pdf', (req.query as { lang?: string }).lang),
    );
    app.get(
      `/api/${side}/statements.csv`,
      { config: { access }, schema: { tags: tagsOf, querystring, produces: ['text/csv'], response: { 200: csvBody, ...errors } } },
      async (req, reply) => statementDownload(req, reply, await read(req), 'csv', (req.query as { lang?: string }).lang),
    );
  }

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
