import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressBody, city, errorBody, idParam, countryIdBody, idValueBody, packagingsBody, supplier } from '@primeur/shared';
import * as companiesService from '../companies/companies.service.js';

/** Supplier-only calls (packagings, place); the calls shared with clients are in the companies module. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['suppliers'];
  const admin = { access: 'admin' as const };
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

  app.post(
    '/api/intern/supplier/packagings/:id/set',
    { config: admin, schema: { tags, params: idParam, body: packagingsBody, response: { 200: supplier, ...errors } } },
    async (req) => {
      return companiesService.setPackagings(db, req.params.id, req.body);
    },
  );
  app.post(
    '/api/intern/supplier/country/:id/set',
    { config: admin, schema: { tags, params: idParam, body: countryIdBody, response: { 200: supplier, ...errors } } },
    async (req) => {
      return companiesService.setCountry(db, req.params.id, req.body.value);
    },
  );
  app.post(
    '/api/intern/supplier/city/:id/set',
    { config: admin, schema: { tags, params: idParam, body: idValueBody, response: { 200: supplier, ...errors } } },
    async (req) => {
      return companiesService.setCity(db, req.params.id, req.body.value);
    },
  );
  app.post(
    '/api/intern/supplier/address/:id/set',
    { config: admin, schema: { tags, params: idParam, body: addressBody, response: { 200: supplier, ...errors } } },
    async (req) => {
      return companiesService.setAddress(db, req.params.id, req.body.value);
    },
  );
  // Cities per owner (not shown by the spec): the city picker of the supplier's country.
  app.get(
    '/api/intern/supplier/cities/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: z.array(city), 404: errorBody } } },
    async (req) => companiesService.citiesOf(db, req.params.id),
  );
};
