import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dbIdText,
  changePassword,
  changeUserInfos,
  companyLegalInput,
  errorBody,
  isLoggedInResponse,
  okMessage,
  ROLE_IDS,
  ROLE_NAMES,
  pageOf,
  userCard,
  userInfo,
  userListQuery,
} from '@primeur/shared';
import * as usersService from './users.service.js';
import { routeLimit } from '../../plugins/rate-limit.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/users/isLoggedIn',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], response: { 200: isLoggedInResponse, 401: errorBody } } },
    async (req) => {
      const category = req.user!.category;
      return [[{ roleId: ROLE_IDS[category], name: ROLE_NAMES[category] }]] as [Array<{ roleId: number; name: string }>];
    },
  );

  app.get(
    '/api/users/userInfos',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], response: { 200: userInfo, 401: errorBody } } },
    async (req) => usersService.info(db, req.user!.id),
  );

  app.post(
    '/api/users/changeUserInfos',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], body: changeUserInfos, response: { 200: userInfo, 400: errorBody } },
    },
    async (req) => usersService.changeInfos(db, req.user!.id, req.body),
  );

  app.post(
    '/api/users/changePassword',
    {
      config: { access: 'authenticated', rateLimit: routeLimit(app.deps.config, 'changePassword') },
      schema: { tags: ['users'], body: changePassword, response: { 200: okMessage, 400: errorBody } },
    },
    async (req) => {
      const ended = await usersService.changePassword(db, app.sessions, req.user!.id, req.user!.sessionId, req.body.oldPassword, req.body.newPassword);
      // The other sessions are gone: their live sockets close on every instance.
      app.sessions.onEnded(ended);
      return { message: 'Password changed.' };
    },
  );

  app.get(
    '/api/admin/getAllBP',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: userListQuery, response: { 200: z.union([z.array(userCard), pageOf(userCard)]), 400: errorBody } },
    },
    async (req) => usersService.searchCards(db, req.query),
  );

  app.put(
    '/api/admin/user/:userId/legal',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: z.object({ userId: dbIdText }),
        body: companyLegalInput,
        response: { 200: userCard, 400: errorBody, 404: errorBody },
      },
    },
    async (req) => usersService.changeLegal(db, req.user!.id, req.params.userId, req.body),
  );

  app.put(
    '/api/admin/user/status/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: z.object({ userId: dbIdText }),
        response: { 200: z.array(userCard), 404: errorBody, 409: errorBody },
      },
    },
    async (req) => usersService.toggleStatus(db, app.sessions, req.user!.id, req.params.userId),
  );
};
