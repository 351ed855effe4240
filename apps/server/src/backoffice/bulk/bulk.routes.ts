import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductQuery, BULK_MAX_IDS, bulkBody, bulkMatching, bulkResponse, errorBody, userListQuery } from '@primeur/shared';
import * as bulkService from './bulk.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * Bulk actions on the admin lists (issue 26, decision 880): `POST /api/admin/bulk/{list}` with
 * `{ action, ids }` answers each row's outcome; `GET /api/admin/bulk/{list}/ids` turns the list's
 * own filters into the ids "select all matching" takes, at most BULK_MAX_IDS.
 */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const admin = { access: 'admin' as const };
  const tags = ['admin'];

  app.post('/api/admin/bulk/users', { config: admin, schema: { tags, body: bulkBody('users'), response: { 200: bulkResponse, ...errors } } }, async (req) => ({
    results: await bulkService.users({ db, sessions: app.sessions, adminId: req.user!.id }, req.body.action, req.body.ids),
  }));

  app.post('/api/admin/bulk/lots', { config: admin, schema: { tags, body: bulkBody('lots'), response: { 200: bulkResponse, ...errors } } }, async (req) => ({
    results: await bulkService.lots(db, req.user!, req.body.action, req.body.ids),
  }));

  app.post(
    '/api/admin/bulk/variants',
    { config: admin, schema: { tags, body: bulkBody('variants'), response: { 200: bulkResponse, ...errors } } },
    async (req) => ({ results: await bulkService.variants(db, req.user!, req.body.action, req.body.ids) }),
  );

  app.get(
    '/api/admin/bulk/users/ids',
    { config: admin, schema: { tags, querystring: userListQuery.omit({ page: true, size: true }), response: { 200: bulkMatching, ...errors } } },
    async (req) => ({ ...(await bulkService.matchingUsers(db, req.query, BULK_MAX_IDS)), limit: BULK_MAX_IDS }),
  );

  app.get(
    '/api/admin/bulk/lots/ids',
    { config: admin, schema: { tags, querystring: adminProductQuery.omit({ page: true, size: true }), response: { 200: bulkMatching, ...errors } } },
    async (req) => ({ ...(await bulkService.matchingLots(db, req.query, BULK_MAX_IDS)), limit: BULK_MAX_IDS }),
  );
};
