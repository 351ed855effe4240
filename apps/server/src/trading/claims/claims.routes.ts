import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_CLAIM_PHOTOS,
  adminClaimListQuery,
  adminClaimPage,
  claim,
  claimInput,
  claimList,
  claimParams,
  claimStepInput,
  errorBody,
  idParam,
  order,
  cancelOrderInput,
  receiveOrderInput,
  text,
  type ClaimAction,
} from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';
import { routeLimit } from '../../plugins/rate-limit.js';
import { PHOTO_CONTENT_TYPES, PhotoStore } from '../marketplace/marketplace.service.js';
import { MULTIPART_LIMITS, readUpload } from '../marketplace/marketplace.service.js';
import * as orders from '../orders/orders.service.js';
import * as service from './claims.service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody };
const tags = ['claims'];

/** The `data` field of a claim: JSON validated like a JSON body, its issue paths under `data`. */
function parseClaimData(data: string | undefined) {
  if (data === undefined) throw new HttpError(400, 'VALIDATION_FAILED', 'The claim fields are missing.', [{ path: 'data', message: 'required' }]);
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The claim fields are not valid JSON.', [{ path: 'data', message: 'invalidJson' }]);
  }
  const parsed = claimInput.safeParse(json);
  if (!parsed.success) {
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'The request is not valid.',
      parsed.error.issues.map((i) => ({ path: ['data', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/** Delivery documents and quality claims (issue 22; docs/api/claims.md). */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const db = database.db;
  const deps: service.ClaimDeps = { ...orders.orderDepsOf(app), claimPhotos: new PhotoStore(config.dataDir, 'claim-photos') };
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, files: MAX_CLAIM_PHOTOS, parts: MAX_CLAIM_PHOTOS + 2 } });

  // The buyer's receipt (docs/api/orders.md) is taken here, above the orders module: a receipt short of
  // the shipment beyond the weight tolerance opens a weight claim in the same transaction (decision 981).
  app.post(
    '/api/users/orders/:id/receive',
    {
      config: { access: 'buyer', scope: 'orders:write', errors: ['RECEIVED_MORE_THAN_SHIPPED', 'RECEIVED_BEFORE_SHIPPED'] },
      schema: { tags: ['orders'], params: idParam, body: receiveOrderInput, response: { 200: order, ...errors } },
    },
    async (req) => service.receive(deps, req.user!, req.params.id, req.body),
  );

  // The cancellations (docs/api/orders.md): an open claim is closed in the cancellation's transaction,
  // and an issued invoice gets the cancellation's credit note (decision 966).
  app.post(
    '/api/users/orders/:id/cancel',
    { config: { access: ['buyer', 'supplier'] }, schema: { tags: ['orders'], params: idParam, body: cancelOrderInput, response: { 200: order, ...errors } } },
    async (req) => service.cancel(deps, req.user!, req.params.id, req.body),
  );
  app.post(
    '/api/admin/orders/:id/cancel',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: idParam, body: cancelOrderInput, response: { 200: order, ...errors } } },
    async (req) => service.cancel(deps, req.user!, req.params.id, req.body),
  );

  app.get(
    '/api/users/orders/:id/claims',
    { config: { access: 'authenticated' }, schema: { tags, params: idParam, response: { 200: claimList, ...errors } } },
    async (req) => service.list(deps, req.user!, req.params.id),
  );

  // The seller and the operator reach this route too, to be told why they cannot file (409), not a role refusal.
  // Decision 1013: whether the caller may file is asked before a byte of the photos is read, so a
  // stranger's ten photos cost no decoding; filings are limited per account (claimPhotos).
  app.post(
    '/api/users/orders/:id/claims',
    {
      config: { access: 'authenticated', rateLimit: routeLimit(config, 'claimPhotos'), errors: ['RATE_LIMITED'] },
      schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 201: claim, ...errors } },
    },
    async (req, reply) => {
      await service.assertMayFile(deps, req.user!, req.params.id);
      const { data, photos } = await readUpload(req, { maxPhotos: MAX_CLAIM_PHOTOS, what: 'claim' });
      const input = parseClaimData(data);
      return reply.status(201).send(await service.file(deps, req.user!, req.params.id, input, photos));
    },
  );

  for (const action of ['accept', 'propose', 'reject', 'escalate'] as const satisfies readonly ClaimAction[]) {
    app.post(
      `/api/users/orders/:id/claims/:claimId/${action}`,
      {
        config: { access: ['buyer', 'supplier'] },
        schema: { tags, params: claimParams, body: claimStepInput.default({}), response: { 200: claim, ...errors } },
      },
      async (req) => service.act(deps, req.user!, req.params.id, req.params.claimId, action, req.body),
    );
  }

  app.post(
    '/api/admin/orders/:id/claims/:claimId/decide',
    { config: { access: 'admin' }, schema: { tags: ['admin'], params: claimParams, body: claimStepInput, response: { 200: claim, ...errors } } },
    async (req) => service.act(deps, req.user!, req.params.id, req.params.claimId, 'decide', req.body),
  );

  app.get(
    '/api/admin/claims',
    { config: { access: 'admin' }, schema: { tags: ['admin'], querystring: adminClaimListQuery, response: { 200: adminClaimPage, ...errors } } },
    async (req) => service.adminPage(db, req.query),
  );

  // Claim photos are evidence between two companies: never public, never cached (decision 803).
  app.get(
    '/api/users/orders/:id/claims/:claimId/photos/:file',
    { config: { access: 'authenticated' }, schema: { hide: true, params: claimParams.extend({ file: text().max(200) }) } },
    async (req, reply) => {
      const photo = await service.photo(deps, req.user!, req.params.id, req.params.claimId, req.params.file);
      if (!photo) return reply.status(404).send({ error: 'Photo not found.', code: 'NOT_FOUND' });
      return reply
        .header('content-type', PHOTO_CONTENT_TYPES[photo.type])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    },
  );
};
