import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressBody, city, errorBody, idParam, countryIdBody, idValueBody, packagingsBody, supplier } from '@primeur/shared';
import * as companiesService from './companies.service.js';

/** Supplier-only calls (packagings, place); the calls shared with clients are in the companies module. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['suppliers'];
  const admin = { access: 'admin' as const };
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

  // The setters share their access rule, parameter and answers; each has its own body.
  const setter = <Body extends z.ZodTypeAny>(body: Body) => ({
    config: admin,
    schema: { tags, params: idParam, body, response: { 200: supplier, ...errors } },
  });

  app.post('/api/intern/supplier/packagings/:id/set', setter(packagingsBody), async (req) =>
    companiesService.setPackagings(db, req.user, req.params.id, req.body),
  );
  app.post('/api/intern/supplier/country/:id/set', setter(countryIdBody), async (req) =>
    companiesService.setCountry(db, req.user, req.params.id, req.body.value),
  );
  app.post('/api/intern/supplier/city/:id/set', setter(idValueBody), async (req) => companiesService.setCity(db, req.user, req.params.id, req.body.value));
  app.post('/api/intern/supplier/address/:id/set', setter(addressBody), async (req) =>
    companiesService.setAddress(db, req.user, req.params.id, req.body.value),
  );
  // Cities per owner (not shown by the spec): the city picker of the supplier's country.
  app.get(
    '/api/intern/supplier/cities/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: z.array(city), 404: errorBody } } },
    async (req) => companiesService.citiesOf(db, req.params.id),
  );
};
