import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { city, country, errorBody } from '@primeur/shared';
import * as locationService from './location.service.js';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // Public: the registration form needs them before any account exists.
  app.get(
    '/api/location/origin/getAll',
    { config: { access: 'public' }, schema: { tags: ['location'], response: { 200: z.array(country) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return locationService.listCountries(db);
    },
  );
  app.get(
    '/api/location/city/getByCountry/:alpha2',
    {
      config: { access: 'public' },
      schema: {
        tags: ['location'],
        params: z.object({ alpha2: z.string().regex(/^[A-Za-z]{2}$/, 'alpha2') }),
        response: { 200: z.array(city), 404: errorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return locationService.citiesOf(db, req.params.alpha2);
    },
  );
};
