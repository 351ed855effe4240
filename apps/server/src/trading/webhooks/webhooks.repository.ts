import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = Pick<typeof webhookDeliveries.$inferInsert, 'endpointId' | 'eventId' | 'sequence' | 'type' | 'subject' | 'nextAttemptAt'>;

/** Deliveries still to send: not tried yet, or failed with another attempt planned. */
export const LIVE: WebhookDeliveryStatus[] = ['pending', 'failed'];
const live = inArray(webhookDeliveries.status, LIVE);

/** First key of the per-company advisory lock taken while an endpoint is created ("whep" in ASCII). */
const CREATE_LOCK_KEY = 0x77686570;

/** Serialises the creations of one company's endpoints until the transaction ends (the limit holds). */
export async function lockCompany(tx: Executor, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREATE_LOCK_KEY}::int, ${companyId}::int)`);
}

export async function countForCompany(db: Executor, companyId: number): Promise<number> {
  return (await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)))[0]!.n;
}

/** A company's endpoints with their backlog (deliveries to send) and their last attempt. */
export function listForCompany(db: Executor, companyId: number) {
  return db
    .select({
      endpoint: webhookEndpoints,
      // Written out in full: drizzle leaves a column of the query's only table unqualified, which inside the subquery would be d's.
      backlog: sql<number>`(select count(*)::int from webhook_deliveries d where d.endpoint_id = webhook_endpoints.id and d.status in ('pending', 'failed'))`,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.id));
}

export async function backlogOf(db: Executor, endpointId: number): Promise<number> {
  return (
    await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), live))
  )[0]!.n;
}

export async function insertEndpoint(db: Executor, values: NewEndpoint): Promise<EndpointRow> {
  return (await db.insert(webhookEndpoints).values(values).returning())[0]!;
}

/** A company's endpoint (locked for the transaction when asked); undefined when another company's or unknown. */
export async function findOwned(db: Executor, id: number, companyId: number, lock = false): Promise<EndpointRow | undefined> {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  return (await (lock ? q.for('update') : q))[0];
}

export async function updateEndpoint(db: Executor, id: number, values: Partial<NewEndpoint>): Promise<EndpointRow> {
  return (
    await db
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, id))
      .returning()
  )[0]!;
}

export async function deleteEndpoint(db: Executor, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** An endpoint's deliveries, newest first (by sequence), before `before`, of one status if asked. */
export function deliveries(db: Executor, endpointId: number, q: { before?: number; limit: number; status?: WebhookDeliveryStatus }) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        q.before !== undefined ? lt(webhookDeliveries.sequence, q.before) : undefined,
        q.status ? eq(webhookDeliveries.status, q.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.sequence))
    .limit(q.limit);
}

export async function findDelivery(db: Executor, id: number, endpointId: number): Promise<DeliveryRow | undefined> {
  return (
    await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
      .for('update')
  )[0];
}

/** Sends a delivery again from scratch: due now, a new 72-hour window, the same row (the same webhook-id). */
export async function requeue(db: Executor, id: number, now: Date): Promise<DeliveryRow> {
  return (
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, firstAttemptAt: null, nextAttemptAt: now, deliveredAt: null })
      .where(eq(webhookDeliveries.id, id))
      .returning()
  )[0]!;
}

/**
 * An endpoint's failed deliveries come due now: all of them when it is switched on again; with
 * `unanswered`, those whose last attempt got no answer at all (refused, cut, silent), when it answers
 * again after being unreachable (a delivery its receiver answered with an error keeps its back-off).
 */
export async function bringForward(db: Executor, endpointId: number, now: Date, o: { unanswered?: boolean } = {}) {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'failed'),
        sql`${webhookDeliveries.nextAttemptAt} > ${now}`,
        o.unanswered ? isNull(webhookDeliveries.lastStatusCode) : undefined,
      ),
    );
}

// ─── The delivery job ───────────────────────────────────────────────────────────────────────────────

/** The enabled endpoints and where each stands in its company's feed. */
export function enabledEndpoints(db: Executor) {
  return db
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId, position: webhookEndpoints.position, types: webhookEndpoints.types })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true))
    .orderBy(asc(webhookEndpoints.id));
}

/** Locks an endpoint's row for the transaction, or answers undefined when another holds it (SKIP LOCKED). */
export async function lockEndpoint(tx: Executor, id: number, skipLocked: boolean): Promise<EndpointRow | undefined> {
  return (
    await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update', skipLocked ? { skipLocked: true } : {})
  )[0];
}

/**
 * Adds the deliveries of new feed entries. An (endpoint, event) already there is left alone unless it
 * is over (delivered or abandoned): then a replay sends it again, from scratch, in the same row.
 */
export async function enqueue(tx: Executor, rows: NewDelivery[]) {
  if (!rows.length) return;
  await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoUpdate({
      target: [webhookDeliveries.endpointId, webhookDeliveries.eventId],
      set: { status: 'pending', attempts: 0, firstAttemptAt: null, deliveredAt: null, nextAttemptAt: sql`excluded.next_attempt_at` },
      setWhere: sql`${webhookDeliveries.status} in ('delivered', 'abandoned')`,
    });
}

/**
 * Takes up to `limit` endpoints with a delivery due (and not held back by an earlier one of its
 * subject: `nextDue` would not send it) and no live lease (none, or one run out: its
 * instance stopped or died), the longest-waiting first, and leases them to `owner` until `until`.
 */
export async function leaseDue(db: Executor, o: { now: Date; owner: string; until: Date; exclude: number[]; limit: number }): Promise<number[]> {
  const res = await db.execute<{ id: number }>(sql`
    update webhook_endpoints set lease_owner = ${o.owner}, lease_until = ${o.until.toISOString()}::timestamptz
     where id in (
       select e.id from webhook_endpoints e
        where e.enabled
          and (e.lease_until is null or e.lease_until < ${o.now.toISOString()}::timestamptz)
          ${
            o.exclude.length
              ? sql`and e.id not in (${sql.join(
                  o.exclude.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          }
          and exists (select 1 from webhook_deliveries d
                       where d.endpoint_id = e.id and d.status in ('pending', 'failed') and d.next_attempt_at <= ${o.now.toISOString()}::timestamptz
                         and not exists (select 1 from webhook_deliveries b
                                          where b.endpoint_id = d.endpoint_id and b.subject = d.subject
                                            and b.status in ('pending', 'failed') and b.sequence < d.sequence))
        order by (select min(d.next_attempt_at) from webhook_deliveries d where d.endpoint_id = e.id and d.status in ('pending', 'failed')), e.id
        limit ${o.limit}
        for update skip locked)
    returning id`);
  return res.rows.map((r) => Number(r.id));
}

/** Gives an endpoint's lease back (only its holder's). */
export async function release(db: Executor, id: number, owner: string) {
  await db
    .update(webhookEndpoints)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.leaseOwner, owner)));
}

/**
 * The endpoint's next delivery to send: due, the oldest (by sequence) first, and none of its subject
 * still live before it (the subject's events arrive in order; other subjects go on). Locked.
 */
export async function nextDue(tx: Executor, endpointId: number, now: Date): Promise<DeliveryRow | undefined> {
  return (
    await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          live,
          lte(webhookDeliveries.nextAttemptAt, now),
          // The outer row by the table's name: drizzle would leave its columns unqualified (they would be e's).
          sql`not exists (select 1 from webhook_deliveries e
                           where e.endpoint_id = webhook_deliveries.endpoint_id and e.subject = webhook_deliveries.subject
                             and e.status in ('pending', 'failed') and e.sequence < webhook_deliveries.sequence)`,
        ),
      )
      .orderBy(asc(webhookDeliveries.sequence))
      .limit(1)
      .for('update', { skipLocked: true })
  )[0];
}

/** The attempt starts: counted, and the row claimed until `claimUntil` (due again then if nobody records an outcome). */
export async function claim(tx: Executor, d: DeliveryRow, now: Date, claimUntil: Date) {
  await tx
    .update(webhookDeliveries)
    .set({ attempts: d.attempts + 1, lastAttemptAt: now, firstAttemptAt: d.firstAttemptAt ?? now, nextAttemptAt: claimUntil })
    .where(eq(webhookDeliveries.id, d.id));
}

export async function renewLease(tx: Executor, id: number, until: Date) {
  await tx.update(webhookEndpoints).set({ leaseUntil: until }).where(eq(webhookEndpoints.id, id));
}

/**
 * Writes an attempt's outcome, unless the row was sent again meanwhile (a resend or a replay reset its
 * attempts): then this outcome is stale and the row goes out again. Answers whether it was written.
 */
export async function recordOutcome(
  tx: Executor,
  id: number,
  attempt: number,
  values: Pick<Partial<DeliveryRow>, 'status' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError' | 'durationMs' | 'deliveredAt'>,
): Promise<boolean> {
  const rows = await tx
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attempt)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/** Delivered and abandoned deliveries older than `before` leave the log (a replay makes them again). */
export async function purgeBefore(db: Executor, before: Date) {
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['delivered', 'abandoned']),
        or(lt(webhookDeliveries.lastAttemptAt, before), and(isNull(webhookDeliveries.lastAttemptAt), lt(webhookDeliveries.createdAt, before))),
      ),
    );
}
