import { z } from 'zod';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dbIdText,
  addCompany,
  certificateIds,
  companyOption,
  discountBody,
  errorBody,
  ictBody,
  idParam,
  okMessage,
  client,
  supplier,
  type Client,
  type Supplier,
} from '@primeur/shared';
import * as companiesService from './companies.service.js';
import { type CompanyKind, type CompanyView } from './companies.service.js';

type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Suppliers and clients (spec §7 "Supplier" and "Client", except the client price list of Back
 * office III): the calls they share, for both kinds. Supplier-only calls are in the suppliers module.
 */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCompanyRoutes(app, 'supplier', supplier, companiesService.supplier);
  registerCompanyRoutes(app, 'client', client, companiesService.client);
};

/**
 * The calls suppliers and clients share (spec §7 "Supplier" and "Client"), registered under
 * /api/intern/{kind}/…; each answers the whole company after the change so the page can replace it.
 */
function registerCompanyRoutes<T extends Supplier | Client>(app: App, kind: CompanyKind, shape: z.ZodType<T>, view: CompanyView<T>) {
  const { db } = app.deps.database;
  const base = `/api/intern/${kind}`;
  const tags = [`${kind}s`];
  const admin = { access: 'admin' as const };
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
  const ownerParam = z.object({ carrierId: dbIdText, ownerId: dbIdText });

  app.get(`${base}/getAll`, { config: admin, schema: { tags, response: { 200: z.array(shape) } } }, async () =>
    kind === 'supplier' ? (companiesService.suppliers(db) as Promise<T[]>) : (companiesService.clients(db) as Promise<T[]>),
  );
  app.get(
    `${base}/${kind === 'supplier' ? 'getSuppliers' : 'getClients'}`,
    { config: admin, schema: { tags, response: { 200: z.array(companyOption) } } },
    async () => companiesService.options(db, kind),
  );
  app.get(`${base}/get/:id`, { config: admin, schema: { tags, params: idParam, response: { 200: shape, 404: errorBody } } }, async (req) =>
    view(db, req.params.id),
  );
  app.post(
    `${base}/add`,
    { config: { ...admin, errors: ['COMPANY_EXISTS'] }, schema: { tags, body: addCompany, response: { 201: shape, ...errors } } },
    async (req, reply) => {
      return reply.status(201).send(await companiesService.create(db, req.user, kind, req.body, view));
    },
  );
  app.delete(`${base}/delete/:id`, { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, ...errors } } }, async (req) => {
    await companiesService.remove(db, req.user, kind, req.params.id);
    return { message: `${kind === 'supplier' ? 'Supplier' : 'Client'} deleted.` };
  });
  app.post(`${base}/ict/:id`, { config: admin, schema: { tags, params: idParam, body: ictBody, response: { 200: shape, ...errors } } }, async (req) => {
    return companiesService.setIct(db, req.user, kind, req.params.id, req.body.value, view);
  });
  app.delete(`${base}/transport/delete/:id`, { config: admin, schema: { tags, params: idParam, response: { 200: shape, ...errors } } }, async (req) => {
    return companiesService.clearCarrier(db, req.user, kind, req.params.id, view);
  });
  app.post(
    `${base}/transport/:carrierId/set/:ownerId`,
    { config: admin, schema: { tags, params: ownerParam, response: { 200: shape, ...errors } } },
    async (req) => {
      return companiesService.setCarrier(db, req.user, kind, req.params.ownerId, req.params.carrierId, view);
    },
  );
  app.post(
    `${base}/discount/:id`,
    { config: admin, schema: { tags, params: idParam, body: discountBody, response: { 200: shape, ...errors } } },
    async (req) => {
      return companiesService.setDiscount(db, req.user, kind, req.params.id, req.body.value, view);
    },
  );
  app.post(
    `${base}/certs/:id/set`,
    { config: admin, schema: { tags, params: idParam, body: certificateIds, response: { 200: shape, ...errors } } },
    async (req) => {
      return companiesService.setCertificates(db, req.user, kind, req.params.id, req.body, view);
    },
  );
}
