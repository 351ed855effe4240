import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { client } from '@primeur/shared';
import { companiesService } from '../companies/companies.service.js';
import { registerCompanyRoutes } from '../companies/company.routes.js';

/** Client calls of spec §7 (the price list belongs to Back office III). */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCompanyRoutes(app, 'client', client, companiesService.client);
};
