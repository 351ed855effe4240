import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  FEED_EVENT_TYPES,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type CreatedWebhook,
  type createWebhookInput,
  type FeedEventType,
  type ReplayedWebhook,
  type RotatedWebhookSecret,
  type updateWebhookInput,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookDisabledReason,
  type WebhookEndpoint,
} from '@primeur/shared';
import type { Db } from '../../db/client.js';
import * as changes from '../../events/changes.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as feed from '../feed/feed.service.js';
import { AddressRefused, systemResolver, vet, type AddressPolicy, type HostResolver } from './webhooks.address.js';
import { newWebhookSecret } from './webhooks.sender.js';
import * as repo from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';

/**
 * A company's webhook endpoints (decision 1012), managed on its profile with a session (never with an
 * API token): created with a secret shown once, changed, switched off and on, deleted, their secret
 * rotated, their delivery log read, one delivery sent again, or the feed replayed from a sequence.
 */

export interface WebhookDeps {
  db: Db;
  policy: AddressPolicy;
  resolve: HostResolver;
}

/** The routes' and the job's settings, from the app: its database, WEBHOOK_* and the resolver it was given. */
export function webhookDepsOf(app: FastifyInstance): WebhookDeps {
  const { config, database, resolveHost } = app.deps;
  return {
    db: database.db,
    policy: { allowPrivate: config.webhooks.allowPrivate, production: config.webhooks.production },
    resolve: resolveHost ?? systemResolver,
  };
}

const HOUR = 3_600_000;
const isType = (t: string): t is FeedEventType => (FEED_EVENT_TYPES as readonly string[]).includes(t);
const iso = (d: Date | null) => d?.toISOString() ?? null;

function present(row: EndpointRow, backlog: number): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    types: row.types.filter(isType),
    enabled: row.enabled,
    disabledReason: row.enabled ? null : ((row.disabledReason ?? 'manual') as WebhookDisabledReason),
    disabledAt: row.enabled ? null : iso(row.disabledAt),
    createdAt: row.createdAt.toISOString(),
    position: row.position,
    failingSince: iso(row.failingSince),
    backlog,
    lastAttempt:
      row.lastAttemptAt && row.lastAttemptStatus
        ? { status: row.lastAttemptStatus as WebhookDeliveryStatus, statusCode: row.lastAttemptCode, at: row.lastAttemptAt.toISOString() }
        : null,
  };
}

export function presentDelivery(d: DeliveryRow): WebhookDelivery {
  const live = d.status === 'pending' || d.status === 'failed';
  return {
    id: d.id,
    eventId: `evt_${d.eventId}`,
    sequence: d.sequence,
    type: d.type as FeedEventType,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    nextAttemptAt: live ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    durationMs: d.durationMs,
    deliveredAt: iso(d.deliveredAt),
  };
}

/**
 * How the change history shows an endpoint (on the company's own record, field `webhookEndpoint`, as
 * the API tokens' `apiAccess`): its id, address, types and state; never its secret.
 */
const historyValue = (row: Pick<EndpointRow, 'id' | 'url' | 'types' | 'enabled'>) =>
  `#${row.id} ${row.url} (${row.types.length ? row.types.join(', ') : 'all types'})${row.enabled ? '' : ', off'}`;

const actorOf = (user: SessionUser): changes.Actor => ({ id: user.id });

/** The address checked now (the schema has checked its form); a refusal is a 400 naming why. */
async function checkedUrl(deps: WebhookDeps, url: string) {
  try {
    await vet(url, deps.policy, deps.resolve);
  } catch (err) {
    if (err instanceof AddressRefused) throw new HttpError(400, err.code, err.message, [{ path: 'url', message: err.code }]);
    throw err;
  }
}

async function owned(db: Parameters<typeof repo.findOwned>[0], user: SessionUser, id: number, lock = false) {
  const row = await repo.findOwned(db, id, user.id, lock);
  // Another company's endpoint answers as an unknown one: nobody learns it exists.
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function list(deps: WebhookDeps, user: SessionUser): Promise<WebhookEndpoint[]> {
  return (await repo.listForCompany(deps.db, user.id)).map((r) => present(r.endpoint, r.backlog));
}

/**
 * A new endpoint, with its secret (shown in this answer only). It receives the feed's entries from now
 * on: its position is the feed's last sequence (a replay sends earlier ones).
 */
export async function create(deps: WebhookDeps, user: SessionUser, input: z.output<typeof createWebhookInput>): Promise<CreatedWebhook> {
  await checkedUrl(deps, input.url);
  const secret = newWebhookSecret();
  return deps.db.transaction(async (tx) => {
    await repo.lockCompany(tx, user.id);
    if ((await repo.countForCompany(tx, user.id)) >= WEBHOOK_ENDPOINTS_PER_COMPANY) {
      throw new HttpError(409, 'TOO_MANY_WEBHOOKS', `A company may hold ${WEBHOOK_ENDPOINTS_PER_COMPANY} webhook endpoints.`, undefined, {
        max: WEBHOOK_ENDPOINTS_PER_COMPANY,
      });
    }
    const row = await repo.insertEndpoint(tx, {
      companyId: user.id,
      url: input.url,
      types: input.types,
      secret,
      position: await feed.lastSequence(tx, user.id),
    });
    await changes.recordChange(tx, actorOf(user), 'user', user.id, 'update', { webhookEndpoint: null }, { webhookEndpoint: historyValue(row) });
    return { ...present(row, 0), secret };
  });
}

/**
 * Changes an endpoint's address, types or state. Switched off by the company, it keeps its deliveries
 * and its place in the feed; switched on again (also after being disabled for failing), it takes the
 * feed from where it stopped and its waiting deliveries go at once, in order (as they do to a new address).
 */
export async function update(deps: WebhookDeps, user: SessionUser, id: number, input: z.output<typeof updateWebhookInput>): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkedUrl(deps, input.url);
  return deps.db.transaction(async (tx) => {
    const row = await owned(tx, user, id, true);
    const now = new Date();
    const values: Partial<repo.NewEndpoint> = {};
    if (input.url !== undefined && input.url !== row.url) {
      values.url = input.url;
      // A new address may answer: what waits for a retry goes to it now.
      await repo.bringForward(tx, id, now);
    }
    if (input.types !== undefined) values.types = input.types;
    if (input.enabled === true && !row.enabled) {
      Object.assign(values, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
      await repo.bringForward(tx, id, now);
    }
    if (input.enabled === false && row.enabled)
      Object.assign(values, { enabled: false, disabledReason: 'manual', disabledAt: now, leaseOwner: null, leaseUntil: null });
    const next = Object.keys(values).length ? await repo.updateEndpoint(tx, id, values) : row;
    if (historyValue(next) !== historyValue(row))
      await changes.recordChange(tx, actorOf(user), 'user', user.id, 'update', { webhookEndpoint: historyValue(row) }, { webhookEndpoint: historyValue(next) });
    return present(next, await repo.backlogOf(tx, id));
  });
}

/** Deletes an endpoint with its delivery log; nothing more is sent to it (an attempt in flight ends unrecorded). */
export async function remove(deps: WebhookDeps, user: SessionUser, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await owned(tx, user, id, true);
    await repo.deleteEndpoint(tx, id);
    await changes.recordChange(tx, actorOf(user), 'user', user.id, 'update', { webhookEndpoint: historyValue(row) }, { webhookEndpoint: null });
  });
}

/**
 * A new secret (shown in this answer only). The previous one keeps signing beside it for 24 hours (two
 * signatures in `webhook-signature`, which Standard Webhooks receivers accept), so a receiver switches
 * without losing a delivery.
 */
export async function rotateSecret(deps: WebhookDeps, user: SessionUser, id: number): Promise<RotatedWebhookSecret> {
  const secret = newWebhookSecret();
  const previousValidUntil = new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * HOUR);
  await deps.db.transaction(async (tx) => {
    const row = await owned(tx, user, id, true);
    await repo.updateEndpoint(tx, id, { secret, previousSecret: row.secret, previousSecretUntil: previousValidUntil });
  });
  return { secret, previousValidUntil: previousValidUntil.toISOString() };
}

export async function deliveries(deps: WebhookDeps, user: SessionUser, id: number, q: WebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
  await owned(deps.db, user, id);
  const rows = await repo.deliveries(deps.db, id, q);
  return { items: rows.map(presentDelivery), next: rows.length === q.limit ? rows.at(-1)!.sequence : null };
}

/**
 * Sends one delivery again, whatever its state: due now, with a new 72-hour window, under the same
 * `webhook-id` (the receiver recognises it). A delivery being sent at this moment is sent once more.
 */
export async function resend(deps: WebhookDeps, user: SessionUser, id: number, deliveryId: number): Promise<WebhookDelivery> {
  return deps.db.transaction(async (tx) => {
    await owned(tx, user, id, true);
    const d = await repo.findDelivery(tx, deliveryId, id);
    if (!d) throw notFound('Webhook delivery');
    return presentDelivery(await repo.requeue(tx, deliveryId, new Date()));
  });
}

/**
 * Sends again every entry of the feed after `after` that the endpoint's types take, in order: its
 * position goes back to `after`, and the job makes the deliveries again (a delivered one is sent again
 * in its own row, under its own `webhook-id`; one still waiting keeps its turn).
 */
export async function replay(deps: WebhookDeps, user: SessionUser, id: number, after: number): Promise<ReplayedWebhook> {
  return deps.db.transaction(async (tx) => {
    const row = await owned(tx, user, id, true);
    if (after < row.position) await repo.updateEndpoint(tx, id, { position: after });
    return { after, upTo: await feed.lastSequence(tx, user.id) };
  });
}
