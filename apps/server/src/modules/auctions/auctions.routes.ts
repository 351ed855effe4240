import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auctionItem, bidInput, bidTooLowBody, errorBody, offer, productDetails, productIdParam, wonAuction } from '@primeur/shared';
import { auctionsService as service } from './auctions.service.js';
import { startAuctionCloser } from './auction-closer.js';

export const auctionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  // The close job: once at start-up, then on a timer, on every instance (it is safe to run concurrently).
  let stopCloser: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopCloser = startAuctionCloser(db, app.deps.config.auctionCloseIntervalMs, (err) => app.log.error({ err }, 'closing auctions failed'));
  });
  app.addHook('onClose', async () => {
    await stopCloser?.();
  });

  app.get(
    '/api/users/product/listActiveAuctionsWithBiggestOffer',
    { config: { access: 'authenticated' }, schema: { tags: ['auctions'], response: { 200: z.array(auctionItem) } } },
    async () => service.listActive(db),
  );

  // The auctions the caller won (shown to the winner on /encheres).
  app.get(
    '/api/users/auction/won',
    { config: { access: 'authenticated' }, schema: { tags: ['auctions'], response: { 200: z.array(wonAuction) } } },
    async (req) => service.won(db, req.user!.id),
  );

  app.get(
    '/api/users/product/details/:productId',
    { config: { access: 'authenticated' }, schema: { tags: ['auctions'], params: productIdParam, response: { 200: productDetails, 404: errorBody } } },
    async (req) => service.details(db, req.params.productId),
  );

  app.get(
    '/api/users/auction/offers/:productId',
    { config: { access: 'authenticated' }, schema: { tags: ['auctions'], params: productIdParam, response: { 200: z.array(offer), 404: errorBody } } },
    async (req) => service.offers(db, req.params.productId),
  );

  app.post(
    '/api/users/auction/offers/add/:productId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auctions'],
        params: productIdParam,
        body: bidInput,
        response: { 200: offer, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: z.union([bidTooLowBody, errorBody]) },
      },
    },
    async (req) => service.placeBid({ db, bus: app.bus, log: req.log }, req.user!, req.params.productId, req.body.amount),
  );
};
