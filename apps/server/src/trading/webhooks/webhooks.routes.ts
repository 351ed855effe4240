import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdWebhook,
  createWebhookInput,
  errorBody,
  replayedWebhook,
  replayWebhookInput,
  rotatedWebhookSecret,
  updateWebhookInput,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookIdParam,
  type ErrorCode,
} from '@primeur/shared';
import * as service from './webhooks.service.js';

/** TOO_MANY_WEBHOOKS says the limit (`max`), which the web's message shows. */
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ max: z.number().int().optional() }) };
const tags = ['webhooks'];
const access = ['buyer', 'supplier'] as const;
/** The refusals of an address (decision 1012). */
const ADDRESS_ERRORS: ErrorCode[] = ['WEBHOOK_HTTPS_REQUIRED', 'WEBHOOK_ADDRESS_REFUSED', 'WEBHOOK_HOST_UNKNOWN'];

/**
 * A company's webhook endpoints, on its profile's API tab (decision 1012). Buyers and suppliers only.
 * No scope: like the tokens, endpoints are managed with a signed-in session, never with a token (a
 * stolen token must not be able to send the company's events elsewhere).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = service.webhookDepsOf(app);

  app.get(
    '/api/users/webhooks',
    { config: { access: [...access] }, schema: { tags, summary: "The company's webhook endpoints", response: { 200: z.array(webhookEndpoint), ...errors } } },
    async (req) => service.list(deps, req.user!),
  );

  app.post(
    '/api/users/webhooks',
    {
      config: { access: [...access], errors: ['TOO_MANY_WEBHOOKS', ...ADDRESS_ERRORS] },
      schema: {
        tags,
        summary: 'Adds an endpoint; the answer holds its signing secret, shown this once',
        body: createWebhookInput,
        response: { 201: createdWebhook.describe('The endpoint, with its secret shown this once'), ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(deps, req.user!, req.body)),
  );

  app.patch(
    '/api/users/webhooks/:id',
    {
      config: { access: [...access], errors: ADDRESS_ERRORS },
      schema: {
        tags,
        summary: "Changes an endpoint's address or event types, or switches it off or on",
        params: webhookIdParam,
        body: updateWebhookInput,
        response: { 200: webhookEndpoint, ...errors },
      },
    },
    async (req) => service.update(deps, req.user!, req.params.id, req.body),
  );

  app.delete(
    '/api/users/webhooks/:id',
    {
      config: { access: [...access] },
      schema: { tags, summary: 'Deletes an endpoint and its delivery log', params: webhookIdParam, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await service.remove(deps, req.user!, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/webhooks/:id/secret',
    {
      config: { access: [...access] },
      schema: {
        tags,
        summary: 'Rotates the signing secret: the new one is shown this once, the previous one keeps signing beside it for 24 hours',
        params: webhookIdParam,
        response: { 200: rotatedWebhookSecret, ...errors },
      },
    },
    async (req) => service.rotateSecret(deps, req.user!, req.params.id),
  );

  app.get(
    '/api/users/webhooks/:id/deliveries',
    {
      config: { access: [...access] },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first",
        params: webhookIdParam,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveryPage, ...errors },
      },
    },
    async (req) => service.deliveries(deps, req.user!, req.params.id, req.query),
  );

  app.post(
    '/api/users/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { access: [...access] },
      schema: {
        tags,
        summary: 'Sends one delivery again, under the same webhook-id',
        params: webhookDeliveryParams,
        response: { 202: webhookDelivery, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await service.resend(deps, req.user!, req.params.id, req.params.deliveryId)),
  );

  app.post(
    '/api/users/webhooks/:id/replay',
    {
      config: { access: [...access] },
      schema: {
        tags,
        summary: 'Sends again every feed entry after a sequence number, in order',
        params: webhookIdParam,
        body: replayWebhookInput,
        response: { 202: replayedWebhook, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await service.replay(deps, req.user!, req.params.id, req.body.after)),
  );
};
