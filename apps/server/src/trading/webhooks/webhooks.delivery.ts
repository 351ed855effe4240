import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_RETRY_WINDOW_HOURS, type FeedEntry, type WebhookDeliveryStatus } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderWebhookDisabled } from '../../documents/email/templates/webhook-disabled.js';
import type { EventBus } from '../../realtime/event-bus.js';
import * as alerts from '../alerts/alerts.service.js';
import * as feed from '../feed/feed.service.js';
import { AddressRefused, vet } from './webhooks.address.js';
import { post, signedHeaders, type SendResult } from './webhooks.sender.js';
import * as repo from './webhooks.repository.js';
import type { DeliveryRow, EndpointRow } from './webhooks.repository.js';
import type { WebhookDeps } from './webhooks.service.js';

/**
 * The webhook deliveries (decision 1012). The `webhooks` job calls `tick` every WEBHOOK_INTERVAL_MS
 * (once across instances: the job runner's lock). A tick
 *   1. turns the feed entries after each enabled endpoint's position into deliveries (those of its
 *      types), and moves the position, in one transaction per endpoint;
 *   2. leases the endpoints that have a delivery due (up to WEBHOOK_CONCURRENCY at once per instance)
 *      and starts one sender per endpoint, which the tick does not wait for: a slow or dead receiver
 *      holds its own sender only, never the tick nor another endpoint.
 * A sender sends its endpoint's due deliveries one at a time, oldest first; a delivery whose subject has
 * an earlier one not yet delivered waits (each subject's events arrive in order), others go on. Each
 * attempt is claimed in the database before the request (counted, and due again when the claim runs
 * out), so an instance killed mid-request leaves it to be sent again: at least once, never lost. The
 * sender stops at its endpoint's first failure (a receiver that is down costs one attempt per tick) and
 * gives its lease back; the endpoint's lease also runs out if its instance dies.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** After the n-th failed attempt the next one waits RETRY_DELAYS_MS[n − 1] (the last one from there on). */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 14 * HOUR];
/** Retries last this long after a delivery's first attempt (the last attempt is at its end); an endpoint failing this long is disabled. */
export const RETRY_WINDOW_MS = WEBHOOK_RETRY_WINDOW_HOURS * HOUR;
/** Delivered and abandoned deliveries stay in the log this long. */
export const LOG_KEPT_MS = 30 * 24 * HOUR;
/** An endpoint failing at least this long that answers again gets its unanswered deliveries at once. */
const RECOVERY_AFTER_MS = MINUTE;
/** Feed entries read per endpoint and per batch. */
const ENQUEUE_BATCH = 500;
/** Batches per endpoint and per tick (a big backlog is taken over several ticks). */
const ENQUEUE_BATCHES = 4;
/** How long a claim and a lease outlive the request's own deadline before another instance may take over. */
const CLAIM_MARGIN_MS = 60 * SECOND;

export interface DelivererDeps extends WebhookDeps {
  timeoutMs: number;
  concurrency: number;
  /** The live bell for the disabled-endpoint notice; without it the notice waits in the list. */
  bus?: EventBus;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void; error(o: object, m: string): void };
  /** The clock of the schedule (due times, back-off, the 72 hours); tests drive it. Signatures always carry the real time. */
  now?: () => Date;
  /** This instance's name in the leases. */
  instance?: string;
}

export interface TickResult {
  /** Deliveries made from new feed entries. */
  enqueued: number;
  /** The senders started (one per endpoint); the job does not wait for them, tests may. */
  senders: Array<Promise<void>>;
}

/** What a delivery is about: its events to one endpoint arrive in order (a claim's go with its order's). */
export function subjectOf(e: Pick<FeedEntry, 'id' | 'type' | 'data'>): string {
  const field = (k: string) => {
    const v = e.data[k];
    return typeof v === 'number' || typeof v === 'string' ? String(v) : undefined;
  };
  const id = field('id') ?? e.id;
  if (e.type.startsWith('order.')) return `order:${id}`;
  if (e.type.startsWith('claim.')) return field('orderId') ? `order:${field('orderId')}` : `claim:${id}`;
  if (e.type.startsWith('invoice.') || e.type.startsWith('credit_note.')) return `invoice:${id}`;
  if (e.type.startsWith('lot.')) return `lot:${id}`;
  return `purchase_request:${id}`;
}

/**
 * The body of a delivery: Standard Webhooks' `{ type, timestamp, data }` with the feed's `id` (the
 * `webhook-id`) and `sequence`, so a receiver can also resume the feed from it.
 */
export const bodyOf = (e: FeedEntry) => JSON.stringify({ id: e.id, type: e.type, timestamp: e.occurredAt, sequence: e.sequence, data: e.data });

const eventIdOf = (entryId: string) => Number(entryId.slice('evt_'.length));
const after = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** The next attempt after the n-th failure, or null when the 72 hours are over (abandoned). */
export function nextAttempt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const deadline = after(firstAttemptAt, RETRY_WINDOW_MS);
  if (now.getTime() >= deadline.getTime()) return null;
  const next = after(now, RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!);
  return next.getTime() > deadline.getTime() ? deadline : next;
}

export class WebhookDeliverer {
  readonly instance: string;
  private readonly senders = new Map<number, Promise<void>>();
  private readonly abort = new AbortController();
  private stopped = false;
  private lastPurge = 0;

  constructor(private readonly deps: DelivererDeps) {
    this.instance = deps.instance ?? `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  private get leaseMs() {
    return this.deps.timeoutMs + CLAIM_MARGIN_MS;
  }

  /** One pass: new entries into deliveries, then a sender for each endpoint with a delivery due. */
  async tick(): Promise<TickResult> {
    if (this.stopped) return { enqueued: 0, senders: [] };
    const enqueued = await this.takeNewEntries();
    const now = this.now();
    if (now.getTime() - this.lastPurge > HOUR) {
      this.lastPurge = now.getTime();
      await repo.purgeBefore(this.deps.db, after(now, -LOG_KEPT_MS));
    }
    const free = this.deps.concurrency - this.senders.size;
    if (this.stopped || free <= 0) return { enqueued, senders: [] };
    const ids = await repo.leaseDue(this.deps.db, {
      now,
      owner: this.instance,
      until: after(now, this.leaseMs),
      exclude: [...this.senders.keys()],
      limit: free,
    });
    const senders = ids.map((id) => {
      const sender = this.send(id)
        .catch((err: unknown) => this.deps.log.error({ err, endpoint: id }, 'a webhook sender stopped on an error'))
        .finally(() => this.senders.delete(id));
      this.senders.set(id, sender);
      return sender;
    });
    return { enqueued, senders };
  }

  /** Ticks and waits for the senders until nothing is due (the tests' and a manual run's way). */
  async drain(maxTicks = 1000): Promise<void> {
    for (let i = 0; i < maxTicks; i++) {
      const { senders } = await this.tick();
      if (!senders.length) {
        await Promise.all([...this.senders.values()]);
        return;
      }
      await Promise.all(senders);
    }
  }

  /** Starts nothing new, cuts the requests in flight (their deliveries come due again), waits for the senders. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await Promise.all([...this.senders.values()]);
  }

  // ─── 1. New feed entries → deliveries ─────────────────────────────────────────────────────────────

  /** The feed entries after each enabled endpoint's position, made into its deliveries (step 1 of a tick). */
  async takeNewEntries(): Promise<number> {
    let made = 0;
    for (const ep of await repo.enabledEndpoints(this.deps.db)) {
      if (this.stopped) break;
      let position = ep.position;
      for (let batch = 0; batch < ENQUEUE_BATCHES; batch++) {
        const entries = await feed.entriesAfter(this.deps.db, ep.companyId, position, ENQUEUE_BATCH);
        if (!entries.length) break;
        const moved = await this.enqueueOne(ep.id, position, entries);
        if (moved === undefined) break;
        made += moved;
        position = entries.at(-1)!.sequence;
        if (entries.length < ENQUEUE_BATCH) break;
      }
    }
    return made;
  }

  /** In one transaction: the deliveries of `entries` and the new position; undefined when the endpoint moved or is busy (next tick). */
  private async enqueueOne(id: number, from: number, entries: FeedEntry[]): Promise<number | undefined> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const ep = await repo.lockEndpoint(tx, id, true);
      // Changed meanwhile (a replay moved it back, a switch off): the next tick reads from where it is.
      if (!ep || !ep.enabled || ep.position !== from) return undefined;
      const rows = entries
        .filter((e) => !ep.types.length || ep.types.includes(e.type))
        .map((e) => ({ endpointId: id, eventId: eventIdOf(e.id), sequence: e.sequence, type: e.type, subject: subjectOf(e), nextAttemptAt: now }));
      await repo.enqueue(tx, rows);
      await repo.updateEndpoint(tx, id, { position: entries.at(-1)!.sequence });
      return rows.length;
    });
  }

  // ─── 2. One endpoint's sender ─────────────────────────────────────────────────────────────────────

  private async send(endpointId: number): Promise<void> {
    for (;;) {
      if (this.stopped) return this.releaseQuietly(endpointId);
      const claimed = await this.claimNext(endpointId);
      if (!claimed) return;
      const { endpoint, delivery } = claimed;
      const result = await this.attempt(endpoint, delivery);
      if (result.aborted) {
        // This instance is stopping: the delivery is due again at once, for whichever instance is next.
        await repo.recordOutcome(this.deps.db, delivery.id, delivery.attempts, { nextAttemptAt: this.now() }).catch(() => undefined);
        return this.releaseQuietly(endpointId);
      }
      await this.record(endpoint, delivery, result);
      if (!result.ok) return this.releaseQuietly(endpointId);
    }
  }

  private async releaseQuietly(endpointId: number) {
    await repo.release(this.deps.db, endpointId, this.instance).catch(() => undefined);
  }

  /** The next due delivery of an endpoint this instance leases, claimed; null (lease given back) when none. */
  private async claimNext(endpointId: number): Promise<{ endpoint: EndpointRow; delivery: DeliveryRow } | null> {
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const endpoint = await repo.lockEndpoint(tx, endpointId, false);
      // Deleted, switched off, or its lease ran out and another instance took it over.
      if (!endpoint || !endpoint.enabled || endpoint.leaseOwner !== this.instance) return null;
      const d = await repo.nextDue(tx, endpointId, now);
      if (!d) {
        await repo.release(tx, endpointId, this.instance);
        return null;
      }
      await repo.claim(tx, d, now, after(now, this.leaseMs));
      await repo.renewLease(tx, endpointId, after(now, this.leaseMs));
      return { endpoint, delivery: { ...d, attempts: d.attempts + 1, firstAttemptAt: d.firstAttemptAt ?? now, lastAttemptAt: now } };
    });
  }

  /** One request: the feed entry, the address checked again, signed, POSTed. Never throws. */
  private async attempt(endpoint: EndpointRow, d: DeliveryRow): Promise<SendResult> {
    const [entry] = await feed.entriesAfter(this.deps.db, endpoint.companyId, d.sequence - 1, 1);
    if (!entry || eventIdOf(entry.id) !== d.eventId) return { ok: false, statusCode: null, error: 'the feed entry is gone', durationMs: 0 };
    let target;
    try {
      target = await vet(endpoint.url, this.deps.policy, this.deps.resolve);
    } catch (err) {
      if (err instanceof AddressRefused) return { ok: false, statusCode: null, error: `not sent: ${err.message}`, durationMs: 0 };
      throw err;
    }
    const body = bodyOf(entry);
    const now = this.now();
    const secrets = [
      endpoint.secret,
      ...(endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? [endpoint.previousSecret] : []),
    ];
    // The timestamp receivers compare with their own clock (Standard Webhooks allows 5 minutes): the real time.
    const headers = signedHeaders(secrets, entry.id, Math.floor(Date.now() / 1000), body);
    return post(target, headers, body, this.deps.timeoutMs, this.abort.signal);
  }

  /**
   * Writes the outcome. A success clears the endpoint's failing state and, when it had been failing for
   * a minute or more, brings forward the deliveries that got no answer (a receiver back up gets its
   * backlog at once, in order; one that answered an error keeps its back-off). A failure
   * plans the next attempt with back-off, or abandons the delivery after 72 hours; an endpoint whose
   * attempts have all failed for 72 hours is disabled and its company told (bell and e-mail).
   */
  private async record(endpoint: EndpointRow, d: DeliveryRow, r: SendResult) {
    const now = this.now();
    const noticeIds: number[] = [];
    await this.deps.db.transaction(async (tx) => {
      // The endpoint first, then its delivery: the order every writer takes (the routes, the claim), so none waits on another in a cycle.
      const current = await repo.lockEndpoint(tx, endpoint.id, false);
      if (!current) return; // deleted meanwhile, with its deliveries
      let status: WebhookDeliveryStatus;
      if (r.ok) {
        status = 'delivered';
        await repo.recordOutcome(tx, d.id, d.attempts, { status, deliveredAt: now, lastStatusCode: r.statusCode, lastError: null, durationMs: r.durationMs });
      } else {
        const next = nextAttempt(d.attempts, d.firstAttemptAt ?? now, now);
        status = next ? 'failed' : 'abandoned';
        await repo.recordOutcome(tx, d.id, d.attempts, {
          status,
          nextAttemptAt: next ?? now,
          lastStatusCode: r.statusCode,
          lastError: r.error?.slice(0, 500) ?? null,
          durationMs: r.durationMs,
        });
      }
      const stats = { lastAttemptAt: now, lastAttemptStatus: status, lastAttemptCode: r.statusCode };
      if (r.ok) {
        // Unreachable for over a minute and answering again: what waits for want of an answer goes now, in order.
        if (current.failingSince && now.getTime() - current.failingSince.getTime() >= RECOVERY_AFTER_MS)
          await repo.bringForward(tx, endpoint.id, now, { unanswered: true });
        await repo.updateEndpoint(tx, endpoint.id, { ...stats, failingSince: null });
        return;
      }
      const failingSince = current.failingSince ?? now;
      if (current.enabled && now.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS) {
        await repo.updateEndpoint(tx, endpoint.id, {
          ...stats,
          failingSince,
          enabled: false,
          disabledReason: 'failing',
          disabledAt: now,
          leaseOwner: null,
          leaseUntil: null,
        });
        noticeIds.push(...(await tellDisabled(tx, current, now)));
        this.deps.log.warn({ endpoint: endpoint.id, company: endpoint.companyId }, 'webhook endpoint disabled after 72 hours of failures');
        return;
      }
      await repo.updateEndpoint(tx, endpoint.id, { ...stats, failingSince });
    });
    if (noticeIds.length && this.deps.bus) await alerts.publishNotices(this.deps.db, this.deps.bus, noticeIds, this.deps.log);
  }
}

/** The company's notice (`webhook_disabled`, once per disabling) and, if it wants it, its e-mail, in the transaction that disables. */
async function tellDisabled(tx: Executor, endpoint: EndpointRow, at: Date): Promise<number[]> {
  const r = await alerts.recordNotice(tx, {
    userId: endpoint.companyId,
    kind: 'webhook_disabled',
    productId: null,
    data: { webhookId: endpoint.id, url: endpoint.url },
    dedupeKey: `webhook-disabled:${endpoint.id}:${at.getTime()}`,
  });
  if (!r) return [];
  if (r.email) {
    const language = languageForCountry(r.recipient.alpha2);
    const mail = renderWebhookDisabled({ language, company: r.recipient.companyName, url: endpoint.url });
    await queueMailEvent(tx, [{ ...mail, to: { name: r.recipient.companyName, address: r.recipient.email }, language, company: r.recipient.companyName }]);
  }
  return r.notificationId === undefined ? [] : [r.notificationId];
}
