import { z } from 'zod';
import type { SessionUser } from '../../plugins/session.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auctionItem,
  bidInput,
  bidRefusalBody,
  bidResult,
  errorBody,
  idempotencyKey,
  lotListQuery,
  lotReference,
  myBid,
  offer,
  pageOf,
  productDetails,
  productIdParam,
  wonAuction,
} from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';
import * as service from './auctions.service.js';
import { amountInvalid } from './auctions.service.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';
import { routeLimit } from '../../plugins/rate-limit.js';

export const auctionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const visibleLot = async (req: { user: SessionUser | null; params: unknown }) =>
    marketplaceService.assertVisible(db, req.user!, (req.params as { productId: number }).productId);

  // The close job runs in the job runner (src/jobs/index.ts).

  // The offer relay (committed offers → this instance's watchers) starts in app.ts.

  // Paged with ?page=&size= ({ items, page, size, total }); without them the spec's plain array of the
  // first page, the total in X-Total-Count (docs/api/lists.md).
  app.get(
    '/api/users/product/listActiveAuctionsWithBiggestOffer',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['auctions'], querystring: lotListQuery, response: { 200: z.union([pageOf(auctionItem), z.array(auctionItem)]), 400: errorBody } },
    },
    async (req, reply) => {
      const page = await service.listActivePage(db, req.query);
      if (req.query.page !== undefined || req.query.size !== undefined) return page;
      void reply.header('x-total-count', page.total);
      return page.items;
    },
  );

  // The auctions the caller won (shown to the winner on /encheres).
  app.get(
    '/api/users/auction/won',
    { config: { access: 'authenticated', scope: 'lots:read' }, schema: { tags: ['auctions'], response: { 200: z.array(wonAuction) } } },
    async (req) => service.won(db, req.user!.id),
  );

  app.get(
    '/api/users/product/details/:productId',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['auctions'], params: productIdParam, response: { 200: productDetails, 404: errorBody } },
      preHandler: visibleLot,
    },
    async (req) => service.details(db, req.user!, req.params.productId),
  );

  // The wholesale market reference beside the lot (issue 25, decision 860): 204 when no price matches.
  app.get(
    '/api/users/product/reference/:productId',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['auctions'], params: productIdParam, response: { 200: lotReference, 204: z.null(), 404: errorBody } },
      preHandler: visibleLot,
    },
    async (req, reply) => {
      const ref = await service.lotReference(db, req.params.productId);
      return ref ? ref : reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/auction/offers/:productId',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['auctions'], params: productIdParam, response: { 200: z.array(offer), 404: errorBody } },
      preHandler: visibleLot,
    },
    async (req) => service.offers(db, req.user!, req.params.productId),
  );

  // A bid: `{ amount, maxAmount? }` and an optional Idempotency-Key header (docs/api/bids.md).
  app.post(
    '/api/users/auction/offers/add/:productId',
    {
      config: {
        // Buyers and suppliers trade (spec §6); the operator's staff do not bid.
        access: ['buyer', 'supplier'],
        refusal: { code: 'ADMIN_CANNOT_BID', message: 'Administrators cannot bid.' },
        rateLimit: routeLimit(app.deps.config, 'bids'),
        errors: [
          'AMOUNT_INVALID',
          'BID_TOO_LOW',
          'MAX_BELOW_MINIMUM',
          'ALREADY_HIGHEST',
          'OWN_PRODUCT',
          'ACCOUNT_INACTIVE',
          'NOT_STARTED',
          'AUCTION_CLOSED',
          'IDEMPOTENCY_KEY_REUSED',
          'NOT_FOUND',
          'RATE_LIMITED',
        ],
      },
      // Amount refusals get their own code (AMOUNT_INVALID) instead of VALIDATION_FAILED.
      attachValidation: true,
      schema: {
        tags: ['auctions'],
        params: productIdParam,
        body: bidInput,
        response: {
          200: bidResult,
          400: z.union([bidRefusalBody, errorBody]),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: z.union([bidRefusalBody, errorBody]),
          422: errorBody,
        },
      },
    },
    async (req) => {
      if (req.validationError) {
        const v = req.validationError as Error & { validationContext?: string; validation?: Array<{ instancePath?: string }> };
        const field =
          v.validationContext === 'body'
            ? v.validation?.map((i) => (i.instancePath ?? '').split('/')[1]).find((f) => f === 'amount' || f === 'maxAmount')
            : undefined;
        if (field) throw amountInvalid(field);
        throw req.validationError;
      }
      const rawKey = req.headers['idempotency-key'];
      let key: string | undefined;
      if (rawKey !== undefined) {
        const parsed = idempotencyKey.safeParse(Array.isArray(rawKey) ? rawKey.join(',') : rawKey);
        if (!parsed.success) {
          throw new HttpError(400, 'VALIDATION_FAILED', 'The Idempotency-Key header must be a UUID (letters, digits, "-" or "_", 8 to 100 characters).', [
            { path: 'headers.idempotency-key', message: 'invalidKey' },
          ]);
        }
        key = parsed.data;
      }
      return service.placeBid({ db, bus: app.bus, log: req.log }, req.user!, req.params.productId, { ...req.body, idempotencyKey: key });
    },
  );

  // The caller's own maximum on a lot (secret to everyone else) and whether it leads.
  app.get(
    '/api/users/auction/myBid/:productId',
    {
      config: { access: 'authenticated', scope: 'lots:read' },
      schema: { tags: ['auctions'], params: productIdParam, response: { 200: myBid, 404: errorBody } },
    },
    async (req) => service.myBid(db, req.user!, req.params.productId),
  );
};
