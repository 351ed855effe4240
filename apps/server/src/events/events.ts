import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { eventCursors, eventFailures, events, type EventActor } from '../db/schema/index.js';

/**
 * The trade's event backbone (issue 33 §2, decision 1001): a fact is written in the transaction that
 * made it (`emit`), and processors react to it after the commit, each from its own cursor, once.
 */

/** The channel `emit` notifies at commit: the dispatcher wakes at once instead of at its next tick. */
export const EVENTS_CHANNEL = 'primeur_events';

export type EventRow = typeof events.$inferSelect;
export type { EventActor };

export interface NewEvent {
  /** `<subject>.<what>`, lower case: order.delivered, claim.settled. */
  name: string;
  subject: string;
  subjectId: number;
  payload: Record<string, unknown>;
  actor?: EventActor | null;
  /** The companies that may see it (an order's seller and buyer); never a competitor. */
  companyIds: number[];
}

const NAME = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

const row = (e: NewEvent) => {
  if (!NAME.test(e.name) || !e.name.startsWith(`${e.subject}.`)) throw new Error(`event name "${e.name}" is not <subject>.<what> for ${e.subject}`);
  return { name: e.name, subject: e.subject, subjectId: e.subjectId, payload: e.payload, actor: e.actor ?? null, companyIds: [...new Set(e.companyIds)] };
};

/** Writes an event in the caller's transaction: it exists if and only if the change it tells commits. */
export async function emit(tx: Executor, e: NewEvent): Promise<number> {
  const [written] = await tx.insert(events).values(row(e)).returning({ id: events.id });
  // Delivered when the transaction commits, never if it rolls back.
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
  return written!.id;
}

/** Writes many events in the caller's transaction (an import's creations): one insert per 1000, one notification. */
export async function emitMany(tx: Executor, list: NewEvent[]): Promise<void> {
  if (!list.length) return;
  const rows = list.map(row);
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(events).values(rows.slice(i, i + 1000));
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
}

/**
 * A reaction to events: runs after their commit, once per event, in the order of the transactions that
 * wrote them (their ids), then of the events. That is a subject's own order as long as its transactions
 * take its row lock before writing anything else, as the order and claim steps do.
 */
export interface Processor {
  /** Stable: its cursor is kept under this name. */
  name: string;
  /** The event names it handles; others move its cursor without a call. */
  events: readonly string[];
  /** Events read per pass, when fewer than the dispatcher's (a processor whose events are slow to handle). */
  batch?: number;
  /**
   * Handles one event inside the dispatcher's transaction (a savepoint of it), which also moves the
   * cursor: what it writes there commits exactly once with it. Throwing parks the event for a retry
   * with back-off. What must wait for the commit (rendering a document, telling a person) is returned
   * as a function, run after the commit; it must be idempotent or recovered elsewhere, since a crash
   * between the commit and its end loses it.
   */
  handle(tx: Tx, event: EventRow): Promise<AfterCommit | void>;
}

export type AfterCommit = () => Promise<unknown>;

export interface DispatchOptions {
  /** Events read per pass (default 200). */
  batch?: number;
  /** The first retry waits this long, doubling up to maxBackoffMs (defaults 5 s and 1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface DispatchResult {
  /** Another instance holds the processor's cursor: nothing done here. */
  busy: boolean;
  /** Events read after the cursor (handled, parked or not this processor's). */
  read: number;
  handled: number;
  parked: number;
  retried: number;
  /** Events of this processor still failing after this pass. */
  failing: number;
  /** Committed events are waiting for an older transaction to end before they can be read (look again soon). */
  waiting: boolean;
  firstError: string | null;
  /** After-commit effects that threw (their events are handled; what they did is recovered elsewhere). */
  afterCommitErrors: string[];
}

/** The oldest transaction still running, in the statement's own snapshot: events below it are final. */
/**
 * The oldest transaction still running, read once per pass: the batch and the look for events held back
 * must agree on it. Read per statement (READ COMMITTED), an older transaction ending between the two
 * left an event neither read nor reported waiting, and a drain ended before it (seen in CI, decision 1002).
 */
async function snapshotXmin(tx: Executor): Promise<string> {
  const r = await tx.execute<{ xmin: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  return r.rows[0]!.xmin;
}
/** The events after a cursor position, in the dispatcher's order (transaction, then id). */
const pastCursor = (position: { txid: string; id: number }) => sql`(${events.txid}, ${events.id}) > (${position.txid}::xid8, ${position.id})`;
const batchOf = (p: Processor, o: DispatchOptions) => Math.min(p.batch ?? Infinity, o.batch ?? 200);
const backoff = (attempts: number, o: DispatchOptions) => Math.min((o.backoffMs ?? 5_000) * 2 ** Math.max(0, attempts - 1), o.maxBackoffMs ?? 3_600_000);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

/**
 * One pass of a processor: first the parked events whose retry is due (oldest of each subject only),
 * then the events after its cursor. The cursor row is locked for the pass (SKIP LOCKED): one instance
 * runs a processor at a time, the others skip. Each event is handled in a savepoint, so one that
 * fails is parked and the others of the pass commit.
 */
export async function dispatch(db: Db, p: Processor, o: DispatchOptions = {}): Promise<DispatchResult> {
  const result: DispatchResult = {
    busy: false,
    read: 0,
    handled: 0,
    parked: 0,
    retried: 0,
    failing: 0,
    waiting: false,
    firstError: null,
    afterCommitErrors: [],
  };
  const after: AfterCommit[] = [];
  await db.transaction(async (tx) => {
    const lockCursor = () => tx.select().from(eventCursors).where(eq(eventCursors.processor, p.name)).for('update', { skipLocked: true });
    let [cursor] = await lockCursor();
    // A processor's first pass makes its row; afterwards the pass is the lock alone (no write when idle).
    if (!cursor && (await tx.insert(eventCursors).values({ processor: p.name }).onConflictDoNothing().returning()).length) [cursor] = await lockCursor();
    if (!cursor) {
      result.busy = true;
      return;
    }
    await retryDue(tx, p, o, result, after);
    const xmin = await snapshotXmin(tx);
    // Only the events of transactions older than every one still running (the snapshot's xmin): those
    // are all committed or gone, so none can appear later behind the cursor. Ids alone would not do: a
    // transaction that took id 10 and commits after the one that took id 11 would be passed over.
    const batch = await tx
      .select()
      .from(events)
      .where(and(pastCursor({ txid: cursor.positionTxid, id: cursor.position }), sql`${events.txid} < ${xmin}::xid8`))
      .orderBy(asc(events.txid), asc(events.id))
      .limit(batchOf(p, o));
    result.read = batch.length;
    for (const e of batch) {
      if (!p.events.includes(e.name)) continue;
      if (await blocked(tx, p, e)) {
        // An earlier event of this subject is parked: this one waits behind it, in order.
        await park(tx, p, e, 0, 'waiting behind an earlier event of the same subject', 0);
        result.parked++;
        continue;
      }
      try {
        const then = await tx.transaction((sp) => p.handle(sp, e));
        if (then) after.push(then);
        result.handled++;
      } catch (err) {
        await park(tx, p, e, 1, message(err), backoff(1, o));
        result.parked++;
      }
    }
    const last = batch.at(-1);
    if (last)
      await tx
        .update(eventCursors)
        .set({ positionTxid: last.txid, position: last.id, handled: sql`${eventCursors.handled} + ${result.handled + result.retried}`, updatedAt: sql`now()` })
        .where(eq(eventCursors.processor, p.name));
    const [f] = await tx
      .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${eventFailures.lastError}) filter (where ${eventFailures.attempts} > 0)` })
      .from(eventFailures)
      .where(eq(eventFailures.processor, p.name));
    result.failing = f?.n ?? 0;
    result.firstError = f?.first ?? null;
    // Committed events this pass could not take yet: an older transaction (of any database of the
    // server: transaction ids are the server's) was still running. The caller looks again shortly.
    if (batch.length < batchOf(p, o)) {
      const [w] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(pastCursor(last ?? { txid: cursor.positionTxid, id: cursor.position }), sql`${events.txid} >= ${xmin}::xid8`))
        .limit(1);
      result.waiting = w !== undefined;
    }
  });
  for (const fn of after) await fn().catch((err: unknown) => result.afterCommitErrors.push(message(err)));
  return result;
}

async function blocked(tx: Executor, p: Processor, e: EventRow) {
  const [row] = await tx
    .select({ id: eventFailures.eventId })
    .from(eventFailures)
    .where(and(eq(eventFailures.processor, p.name), eq(eventFailures.subject, e.subject), eq(eventFailures.subjectId, e.subjectId)))
    .limit(1);
  return row !== undefined;
}

async function park(tx: Executor, p: Processor, e: EventRow, attempts: number, error: string, delayMs: number) {
  await tx
    .insert(eventFailures)
    .values({
      processor: p.name,
      eventId: e.id,
      subject: e.subject,
      subjectId: e.subjectId,
      attempts,
      lastError: error,
      retryAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .onConflictDoNothing();
}

/** The parked events whose retry is due, the oldest of each subject first; a success frees the next. */
async function retryDue(tx: Tx, p: Processor, o: DispatchOptions, result: DispatchResult, after: AfterCommit[]) {
  const due = await tx
    .select({ failure: eventFailures, event: events })
    .from(eventFailures)
    .innerJoin(events, eq(events.id, eventFailures.eventId))
    .where(and(eq(eventFailures.processor, p.name), lte(eventFailures.retryAt, sql`now()`)))
    .orderBy(asc(eventFailures.eventId))
    .limit(o.batch ?? 200);
  const stuck = new Set<string>();
  for (const { failure, event } of due) {
    const key = `${event.subject}:${event.subjectId}`;
    if (stuck.has(key)) continue;
    // Only the oldest parked event of a subject may run: an older one not yet due keeps it waiting.
    const [older] = await tx
      .select({ id: eventFailures.eventId })
      .from(eventFailures)
      .where(
        and(
          eq(eventFailures.processor, p.name),
          eq(eventFailures.subject, event.subject),
          eq(eventFailures.subjectId, event.subjectId),
          sql`${eventFailures.eventId} < ${event.id}`,
        ),
      )
      .limit(1);
    if (older) {
      stuck.add(key);
      continue;
    }
    try {
      const then = await tx.transaction((sp) => p.handle(sp, event));
      if (then) after.push(then);
      await tx.delete(eventFailures).where(and(eq(eventFailures.processor, p.name), eq(eventFailures.eventId, event.id)));
      result.retried++;
    } catch (err) {
      stuck.add(key);
      const attempts = failure.attempts + 1;
      await tx
        .update(eventFailures)
        .set({ attempts, lastError: message(err), retryAt: sql`now() + make_interval(secs => ${backoff(attempts, o) / 1000})` })
        .where(and(eq(eventFailures.processor, p.name), eq(eventFailures.eventId, event.id)));
    }
  }
}

/** The events of one subject, oldest first (a subject's history, the change feed's unit). */
export function eventsOf(db: Executor, subject: string, subjectId: number) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.subject, subject), eq(events.subjectId, subjectId)))
    .orderBy(asc(events.id));
}

/**
 * Runs the processors until none has anything left to read (a processor's events can be another's:
 * an order step queues an e-mail, whose event the mail processor sends). For tests and the seed;
 * the app's dispatcher is woken by the notification instead. Parked events wait for their back-off.
 */
export async function drain(db: Db, processors: readonly Processor[], o: DispatchOptions & { timeoutMs?: number } = {}) {
  const errors: string[] = [];
  const until = Date.now() + (o.timeoutMs ?? 120_000);
  for (let round = 1; ; round++) {
    let more = false;
    let wait = false;
    for (const p of processors) {
      const r = await dispatch(db, p, o);
      // Another pass holds the processor's cursor (the app's own job), or an older transaction holds
      // events back: look again shortly.
      wait ||= r.busy || r.waiting;
      more ||= r.read + r.retried > 0;
      errors.push(...r.afterCommitErrors);
    }
    if (!more && !wait) return { rounds: round, afterCommitErrors: errors };
    if (Date.now() > until) throw new Error(`the event processors did not settle in ${o.timeoutMs ?? 120_000} ms (${round} rounds)`);
    if (wait && !more) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
