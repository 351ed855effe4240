import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderListQuery,
  counterOfferInput,
  declineCounterInput,
  declinePurchaseRequestInput,
  LANGUAGES,
  errorBody,
  idParam,
  myPurchaseRequest,
  order,
  orderCarrier,
  orderPage,
  orderPallets,
  purchaseRequest,
  receivePalletInput,
  shippingSettings,
  shippingSettingsInput,
  shipOrderInput,
  updateOrderInput,
  userOrderListQuery,
  type Language,
} from '@primeur/shared';
import type { SessionUser } from '../../plugins/session.js';
import { contentDisposition, readerLanguage } from '../../lib/downloads.js';
import { dialectFor } from '../../lib/csv.js';
import * as service from './orders.service.js';
import * as requests from './purchase-requests.service.js';
import { ordersCsv, palletsCsv } from './orders.csv.js';
import * as pallets from './orders.pallets.js';
import { palletLabelsPdf } from './orders.labels.js';
import { gs1PrefixOf } from '../../companies/users/users.read-model.js';
import { setGs1CompanyPrefix } from '../../companies/users/users.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const deps = service.orderDepsOf(app);

  // A stopping instance finishes the confirmations it queued (the sweep would otherwise send them later).

  // ---- purchase requests (the supplier answers them) ----
  app.get(
    '/api/users/product/purchaseRequests',
    { config: { access: 'supplier' }, schema: { tags: ['marketplace'], response: { 200: z.array(purchaseRequest), ...errors } } },
    async (req) => requests.requestsReceived(deps, req.user!),
  );

  app.post(
    '/api/users/product/purchaseRequest/:id/accept',
    { config: { access: 'supplier' }, schema: { tags, params: idParam, response: { 200: order, 201: order, ...errors } } },
    async (req, reply) => {
      const { order: made, created } = await requests.acceptRequest(deps, req.user!, req.params.id);
      return reply.status(created ? 201 : 200).send(made);
    },
  );

  app.post(
    '/api/users/product/purchaseRequest/:id/decline',
    { config: { access: 'supplier' }, schema: { tags, params: idParam, body: declinePurchaseRequestInput, response: { 200: purchaseRequest, ...errors } } },
    async (req) => {
      await requests.declineRequest(deps, req.user!, req.params.id, req.body.reason);
      const mine = await requests.requestsReceived(deps, req.user!);
      return mine.find((r) => r.id === req.params.id)!;
    },
  );

  app.post(
    '/api/users/product/purchaseRequest/:id/counter',
    {
      config: { access: 'supplier', errors: ['REQUEST_NOT_PENDING'] },
      schema: {
        tags,
        summary: 'Counter a pending purchase request with another €/kg; the buyer accepts or declines it',
        params: idParam,
        body: counterOfferInput,
        response: { 200: purchaseRequest, ...errors },
      },
    },
    async (req) => requests.counterRequest(deps, req.user!, req.params.id, req.body),
  );

  // ---- purchase requests (the buyer's side: its requests and the counter-offers it answers) ----
  app.get(
    '/api/users/product/myPurchaseRequests',
    { config: { access: 'buyer' }, schema: { tags: ['marketplace'], response: { 200: z.array(myPurchaseRequest), ...errors } } },
    async (req) => requests.requestsMade(deps, req.user!),
  );

  app.post(
    '/api/users/product/purchaseRequest/:id/acceptCounter',
    {
      config: { access: 'buyer', errors: ['NO_COUNTER_OFFER', 'NOT_ENOUGH_PALLETS'] },
      schema: {
        tags,
        summary: "Accept the seller's counter-offer: the order is made at the counter price",
        params: idParam,
        response: { 200: order, 201: order, ...errors },
      },
    },
    async (req, reply) => {
      const { order: made, created } = await requests.acceptCounter(deps, req.user!, req.params.id);
      return reply.status(created ? 201 : 200).send(made);
    },
  );

  app.post(
    '/api/users/product/purchaseRequest/:id/declineCounter',
    {
      config: { access: 'buyer', errors: ['NO_COUNTER_OFFER'] },
      schema: {
        tags,
        summary: "Decline the seller's counter-offer: the request ends without an order",
        params: idParam,
        body: declineCounterInput,
        response: { 200: myPurchaseRequest, ...errors },
      },
    },
    async (req) => requests.declineCounter(deps, req.user!, req.params.id, req.body.reason),
  );

  // ---- the parties' orders ----
  // The back office's carriers, for the seller's ship form (carrierId).
  app.get('/api/users/carriers', { config: { access: 'supplier' }, schema: { tags, response: { 200: z.array(orderCarrier), ...errors } } }, async () =>
    service.carriers(database.db),
  );

  app.get(
    '/api/users/orders',
    { config: { access: 'authenticated', scope: 'orders:read' }, schema: { tags, querystring: userOrderListQuery, response: { 200: orderPage, ...errors } } },
    async (req) => service.listMine(deps, req.user!, req.query),
  );

  app.get(
    '/api/users/orders/:id',
    { config: { access: 'authenticated', scope: 'orders:read' }, schema: { tags, params: idParam, response: { 200: order, ...errors } } },
    async (req) => service.get(deps, req.user!, req.params.id),
  );

  app.patch(
    '/api/users/orders/:id',
    { config: { access: 'buyer' }, schema: { tags, params: idParam, body: updateOrderInput, response: { 200: order, ...errors } } },
    async (req) => service.update(deps, req.user!, req.params.id, req.body),
  );

  app.post(
    '/api/users/orders/:id/ship',
    {
      config: { access: 'supplier', scope: 'orders:write', errors: ['WEIGHT_OUT_OF_TOLERANCE', 'SHIPPED_MORE_THAN_ORDERED', 'UNKNOWN_REFERENCE'] },
      schema: { tags, params: idParam, body: shipOrderInput, response: { 200: order, ...errors } },
    },
    async (req) => service.ship(deps, req.user!, req.params.id, req.body),
  );

  // POST /api/users/orders/:id/receive lives in the claims module: a receipt short beyond the weight
  // tolerance opens a weight claim in its transaction (decision 981).

  // POST /api/users/orders/:id/cancel and /api/admin/orders/:id/cancel live in the claims module too: a
  // cancellation closes the order's open claim in its transaction (decision 966).

  // ---- the order's PDFs, for either party and the operator, in the reader's language ----
  // The sale confirmation (issue 21), the CMR and the delivery note (issue 22: drafts until shipped).
  const pdfs = [
    ['confirmation.pdf', 'The sale confirmation PDF', (user: SessionUser, id: number, lng: Language) => service.confirmationPdf(database.db, user, id, lng)],
    ['cmr.pdf', 'The CMR consignment note', (user: SessionUser, id: number, lng: Language) => service.shippingDocument(deps, user, id, 'cmr', lng)],
    ['delivery-note.pdf', 'The delivery note', (user: SessionUser, id: number, lng: Language) => service.shippingDocument(deps, user, id, 'deliveryNote', lng)],
    // Issue 37: a GS1 logistic label per pallet, from shipping on.
    [
      'pallet-labels.pdf',
      'The pallet labels (GS1-128, one A5 page a pallet)',
      (user: SessionUser, id: number, lng: Language) => palletLabelsPdf(database.db, user, id, lng),
    ],
  ] as const;
  for (const [path, description, render] of pdfs) {
    app.get(
      `/api/users/orders/:id/${path}`,
      {
        config: { access: 'authenticated', scope: 'orders:read' },
        schema: {
          tags,
          params: idParam,
          querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
          produces: ['application/pdf'],
          response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe(description), ...errors },
        },
      },
      async (req, reply) => {
        const { pdf, filename } = await render(req.user!, req.params.id, readerLanguage(req.query.lang, req.headers['accept-language']));
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition('inline', filename))
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  }

  // ---- the pallets (issue 37): the despatch advice, its CSV, a pallet received at the dock, the seller's GS1 prefix ----
  app.get(
    '/api/users/orders/:id/pallets',
    { config: { access: 'authenticated', scope: 'orders:read' }, schema: { tags, params: idParam, response: { 200: orderPallets, ...errors } } },
    async (req) => (await pallets.despatchAdvice(database.db, req.user!, req.params.id)).advice,
  );

  app.get(
    '/api/users/orders/:id/pallets.csv',
    {
      config: { access: 'authenticated', scope: 'orders:read' },
      schema: {
        tags,
        params: idParam,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The despatch advice as CSV (UTF-8 with BOM, ";" separated)'), ...errors },
      },
    },
    async (req, reply) => {
      const { order, advice } = await pallets.despatchAdvice(database.db, req.user!, req.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `pallets-${order.number}.csv`))
        .header('cache-control', 'private, no-store')
        .send(palletsCsv(order, advice, dialectFor(readerLanguage(undefined, req.headers['accept-language']))));
    },
  );

  app.post(
    '/api/users/orders/:id/pallets/receive',
    {
      config: { access: 'buyer', scope: 'orders:write', errors: ['PALLET_NOT_ON_ORDER', 'ILLEGAL_TRANSITION'] },
      schema: { tags, params: idParam, body: receivePalletInput, response: { 200: orderPallets, ...errors } },
    },
    async (req) => pallets.receivePallet(database.db, req.user!, req.params.id, req.body.code),
  );

  app.get(
    '/api/users/shipping-settings',
    { config: { access: 'supplier' }, schema: { tags, response: { 200: shippingSettings, ...errors } } },
    async (req) => ({ gs1CompanyPrefix: await gs1PrefixOf(database.db, req.user!.id) }),
  );

  app.put(
    '/api/users/shipping-settings',
    {
      config: { access: 'supplier', errors: ['COMPANY_PREFIX_TAKEN'] },
      schema: { tags, body: shippingSettingsInput, response: { 200: shippingSettings, ...errors } },
    },
    async (req) => {
      await setGs1CompanyPrefix(database.db, req.user!.id, req.body.gs1CompanyPrefix);
      return { gs1CompanyPrefix: await gs1PrefixOf(database.db, req.user!.id) };
    },
  );

  // ---- the operator ----
  app.get(
    '/api/admin/orders',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: adminOrderListQuery, response: { 200: orderPage, ...errors } } },
    async (req) => service.listAll(deps, req.query),
  );

  app.get(
    '/api/admin/orders.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: adminOrderListQuery.omit({ page: true, size: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('Orders as CSV (UTF-8 with BOM, ";" separated)'), ...errors },
      },
    },
    async (req, reply) => {
      const body = await ordersCsv(service.csvRows(database.db, { ...req.query, page: 1, size: 1 }));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: idParam, response: { 200: order, ...errors } } },
    async (req) => service.get(deps, req.user!, req.params.id),
  );
};
