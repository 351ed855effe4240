import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPage, activityQuery, errorBody } from '@primeur/shared';
import * as activityService from '../../audit/activity.service.js';
import { accountsView } from '../../companies/users/users.read-model.js';

/** The history of changes (issue 26): the operator's only; traders never see who changed what. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/admin/activity',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: activityQuery, response: { 200: activityPage, 400: errorBody } } },
    async (req) => activityService.page(db, accountsView, req.query),
  );
};
