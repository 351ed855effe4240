import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiToken, apiTokenIdParam, createApiTokenInput, createdApiToken, errorBody } from '@primeur/shared';
import * as service from './api-tokens.service.js';

/** TOO_MANY_API_TOKENS says the limit (`max`), which the web's message shows. */
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ max: z.number().int().optional() }) };
const tags = ['api-tokens'];

/**
 * A company's API tokens, on its profile page (decision 1008). Buyers and suppliers only (the operator's
 * staff have none). These routes declare no scope: a token never manages tokens, only a signed-in session.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/api/users/api-tokens',
    { config: { access: ['buyer', 'supplier'] }, schema: { tags, response: { 200: z.array(apiToken), ...errors } } },
    async (req) => service.list(db, req.user!),
  );

  app.post(
    '/api/users/api-tokens',
    {
      config: { access: ['buyer', 'supplier'], errors: ['TOO_MANY_API_TOKENS'] },
      schema: { tags, body: createApiTokenInput, response: { 201: createdApiToken.describe('The token, with its secret shown this once'), ...errors } },
    },
    async (req, reply) => reply.status(201).send(await service.create(db, req.user!, req.body)),
  );

  app.delete(
    '/api/users/api-tokens/:id',
    { config: { access: ['buyer', 'supplier'] }, schema: { tags, params: apiTokenIdParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.revoke(db, req.user!, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
