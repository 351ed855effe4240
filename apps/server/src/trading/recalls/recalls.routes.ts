import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParam, myRecall, myRecalls, recallDetail, recallList, startRecallInput } from '@primeur/shared';
import * as service from './recalls.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Recalls and drills (issue 37 §5): the operator starts and follows them, buyers acknowledge theirs. */
export const recallsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { db, bus: app.bus, log: app.log };

  app.post(
    '/api/admin/recalls',
    { config: { access: 'admin' }, schema: { tags: ['admin'], body: startRecallInput, response: { 201: recallDetail, ...errors } } },
    async (req, reply) => reply.code(201).send(await service.startRecall(deps, req.user!, req.body)),
  );

  app.get('/api/admin/recalls', { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: recallList, ...errors } } }, async () =>
    service.list(db),
  );

  app.get(
    '/api/admin/recalls/:id',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: idParam, response: { 200: recallDetail, ...errors } } },
    async (req) => service.get(db, req.params.id),
  );

  app.get(
    '/api/users/recalls',
    { config: { access: 'buyer', scope: 'orders:read' }, schema: { tags: ['orders'], response: { 200: myRecalls, ...errors } } },
    async (req) => service.myRecalls(db, req.user!),
  );

  app.post(
    '/api/users/recalls/:id/acknowledge',
    { config: { access: 'buyer', scope: 'orders:write' }, schema: { tags: ['orders'], params: idParam, response: { 200: myRecall, ...errors } } },
    async (req) => service.acknowledge(db, req.user!, req.params.id),
  );
};
