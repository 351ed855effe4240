import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBody,
  myAuctions,
  notificationIdParam,
  notificationList,
  notificationListQuery,
  notificationPrefs,
  notificationPrefsInput,
  productIdParam,
  sellerLot,
  unreadCount,
  watchedAuction,
} from '@primeur/shared';
import * as service from './alerts.service.js';

const watchState = z.object({ productId: z.number().int(), watched: z.boolean() });
const tags = ['alerts'];

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  // The alerts job (notifier.ts) is registered with the other jobs in src/jobs/index.ts.

  // ---- watch list
  app.put(
    '/api/users/auction/watch/:productId',
    { config: { access: 'authenticated' }, schema: { tags, params: productIdParam, response: { 200: watchState, 404: errorBody } } },
    async (req) => service.watch(db, req.user!, req.params.productId),
  );
  app.delete(
    '/api/users/auction/watch/:productId',
    { config: { access: 'authenticated' }, schema: { tags, params: productIdParam, response: { 200: watchState, 404: errorBody } } },
    async (req) => service.unwatch(db, req.user!, req.params.productId),
  );
  app.get('/api/users/auction/watched', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(watchedAuction) } } }, async (req) =>
    service.watched(db, req.user!.id),
  );
  app.get('/api/users/auction/myAuctions', { config: { access: 'authenticated' }, schema: { tags, response: { 200: myAuctions } } }, async (req) =>
    service.myAuctions(db, req.user!.id),
  );
  // The caller's own auction lots (a buyer has none: an empty list).
  app.get('/api/users/auction/myLots', { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.array(sellerLot) } } }, async (req) =>
    service.sellerLots(db, req.user!.id),
  );

  // ---- notifications
  app.get(
    '/api/users/notifications',
    { config: { access: 'authenticated' }, schema: { tags, querystring: notificationListQuery, response: { 200: notificationList, 400: errorBody } } },
    async (req) => service.notifications(db, req.user!.id, req.query.limit, req.query.before),
  );
  app.get('/api/users/notifications/unreadCount', { config: { access: 'authenticated' }, schema: { tags, response: { 200: unreadCount } } }, async (req) =>
    service.unreadCount(db, req.user!.id),
  );
  app.post(
    '/api/users/notifications/:id/read',
    { config: { access: 'authenticated' }, schema: { tags, params: notificationIdParam, response: { 200: unreadCount, 404: errorBody } } },
    async (req) => service.markRead(db, req.user!.id, req.params.id),
  );
  app.post('/api/users/notifications/readAll', { config: { access: 'authenticated' }, schema: { tags, response: { 200: unreadCount } } }, async (req) =>
    service.markAllRead(db, req.user!.id),
  );
  app.get(
    '/api/users/notifications/preferences',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: notificationPrefs } } },
    async (req) => service.prefs(db, req.user!.id),
  );
  app.put(
    '/api/users/notifications/preferences',
    { config: { access: 'authenticated' }, schema: { tags, body: notificationPrefsInput, response: { 200: notificationPrefs, 400: errorBody } } },
    async (req) => service.savePrefs(db, req.user!.id, req.body),
  );
};
