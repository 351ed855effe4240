import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, jobsDrivenByTest, type TestContext } from '../../test/build-app.js';
import { commissionSettings } from '../../test/commission.js';
import { deliveredOrder } from '../../test/delivered-order.js';
import { openDatabase, type Database, type Tx } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { eventCursors, eventFailures, events, invoices } from '../db/schema/index.js';
import * as orderRepo from '../trading/orders/orders.repository.js';
import { invoicingProcessor } from '../trading/invoicing/invoicing.issuing.js';
import { dispatch, emit, eventsOf, type EventRow, type Processor } from './events.js';

const PG_URL = process.env.TEST_DATABASE_URL;

let ctx: TestContext;
/** A second instance: its own pool on the same PostgreSQL database, or the same embedded one. */
let second: Database;
beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  second = PG_URL ? await openDatabase({ databaseUrl: ctx.database.pool!.options.connectionString!, poolSize: 3 }) : ctx.database;
});
afterAll(async () => {
  if (second !== ctx.database) await second.close();
  await ctx.close();
});

let subjects = 1_000;
/** Events of fresh subjects, so that each test reads only its own (the cursor of a new processor starts at 0). */
async function emitFor(subject: 'order' | 'claim', n: number, name = `${subject}.shipped`) {
  const id = ++subjects;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await ctx.db.transaction((tx) => emit(tx, { name, subject, subjectId: id, payload: { i }, companyIds: [1, 1, 2] })));
  await readable(ids);
  return { id, ids };
}

/**
 * Waits until a pass can read these events: on PostgreSQL, a transaction older than theirs, of any
 * test file running beside this one (transaction ids are the server's), holds them back until it
 * ends (decision 1002). The tests below count what one pass does, so they start it only then.
 */
async function readable(ids: number[]) {
  await expect
    .poll(
      async () =>
        (
          await ctx.db
            .select({ n: sql<number>`count(*)::int` })
            .from(events)
            .where(and(inArray(events.id, ids), sql`${events.txid} < pg_snapshot_xmin(pg_current_snapshot())`))
        )[0]!.n,
      { timeout: 60_000, interval: 10 },
    )
    .toBe(ids.length);
}

/**
 * A processor recording what it saw of the given subjects (a new processor starts at the first event,
 * so it also reads the other tests' events, which it passes over), which can be told to fail on some.
 */
function recorder(name: string, subjectIds: number[], failOn: (e: EventRow) => boolean = () => false) {
  const seen: number[] = [];
  const p: Processor = {
    name,
    events: ['order.shipped', 'claim.shipped'],
    handle: async (_tx: Tx, e: EventRow) => {
      if (!subjectIds.includes(e.subjectId)) return;
      if (failOn(e)) throw new Error(`cannot handle ${e.id}`);
      seen.push(e.id);
    },
  };
  return { p, seen };
}

describe('the event backbone (issue 33 §2)', () => {
  it('writes an event only when its transaction commits, with the companies that may see it', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(events);
    await expect(
      ctx.db.transaction(async (tx) => {
        await emit(tx, { name: 'order.shipped', subject: 'order', subjectId: 999_999, payload: {}, companyIds: [3] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(after[0]!.n).toBe(before[0]!.n);
    const { id } = await emitFor('order', 1);
    const [e] = await eventsOf(ctx.db, 'order', id);
    expect(e).toMatchObject({ name: 'order.shipped', subject: 'order', subjectId: id, companyIds: [1, 2] });
    await expect(ctx.db.transaction((tx) => emit(tx, { name: 'Order Shipped', subject: 'order', subjectId: 1, payload: {}, companyIds: [] }))).rejects.toThrow(
      /not <subject>.<what>/,
    );
  });

  it('hands each event to a processor once, in order, and moves its cursor past events it does not handle', async () => {
    const a = await emitFor('order', 3);
    const other = await emitFor('order', 1, 'order.closed');
    const { p, seen } = recorder('test-once', [a.id, other.id]);
    const first = await dispatch(ctx.db, p);
    expect(seen.filter((id) => a.ids.includes(id))).toEqual(a.ids);
    expect(seen).not.toContain(other.ids[0]);
    expect(first).toMatchObject({ busy: false, parked: 0, failing: 0 });
    const again = await dispatch(ctx.db, p);
    expect(again.handled).toBe(0);
    const [cursor] = await ctx.db.select().from(eventCursors).where(eq(eventCursors.processor, 'test-once'));
    expect(cursor!.position).toBeGreaterThanOrEqual(other.ids[0]!);
  });

  it('parks a failing event; later events of its subject wait behind it, other subjects go on; the retry keeps their order', async () => {
    let broken = true;
    const stuck = await emitFor('order', 1);
    const sameLater = await ctx.db.transaction((tx) => emit(tx, { name: 'order.shipped', subject: 'order', subjectId: stuck.id, payload: {}, companyIds: [] }));
    const other = await emitFor('order', 2);
    await readable([sameLater]);
    const { p, seen } = recorder('test-park', [stuck.id, other.id], (e) => broken && e.id === stuck.ids[0]);
    // backoffMs 0: a parked event is due again at the next pass.
    const r = await dispatch(ctx.db, p, { backoffMs: 0 });
    expect(r).toMatchObject({ parked: 2, failing: 2, firstError: `cannot handle ${stuck.ids[0]}` });
    expect(seen).toEqual(other.ids);
    const parked = await ctx.db.select().from(eventFailures).where(eq(eventFailures.processor, 'test-park'));
    expect(parked.map((f) => [f.eventId, f.attempts])).toEqual([
      [stuck.ids[0], 1],
      [sameLater, 0],
    ]);
    // Still broken: tried again, its attempts grow, the one behind it still waits.
    expect(await dispatch(ctx.db, p, { backoffMs: 0 })).toMatchObject({ retried: 0, failing: 2 });
    const [again] = await ctx.db
      .select()
      .from(eventFailures)
      .where(and(eq(eventFailures.processor, 'test-park'), eq(eventFailures.eventId, stuck.ids[0]!)));
    expect(again!.attempts).toBe(2);
    broken = false;
    expect(await dispatch(ctx.db, p, { backoffMs: 0 })).toMatchObject({ retried: 2, failing: 0, firstError: null });
    expect(seen).toEqual([...other.ids, stuck.ids[0], sameLater]);
  });

  it('waits out the back-off before trying a parked event again', async () => {
    const e = await emitFor('order', 1);
    const { p } = recorder('test-backoff', [e.id], () => true);
    await dispatch(ctx.db, p, { backoffMs: 3_600_000 });
    const r = await dispatch(ctx.db, p, { backoffMs: 3_600_000 });
    expect(r).toMatchObject({ retried: 0, failing: 1 });
    const [f] = await ctx.db.select().from(eventFailures).where(eq(eventFailures.eventId, e.ids[0]!));
    expect(f!.attempts).toBe(1);
    expect(f!.retryAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it('runs a processor on one instance at a time: two dispatchers at once handle each event once', async () => {
    const { id, ids } = await emitFor('claim', 20);
    const { p, seen } = recorder('test-two', [id]);
    await Promise.all([dispatch(ctx.db, p, { batch: 5 }), dispatch(second.db, p, { batch: 5 })]);
    for (let i = 0; i < 10; i++) await Promise.all([dispatch(ctx.db, p, { batch: 5 }), dispatch(second.db, p, { batch: 5 })]);
    const mine = seen.filter((id) => ids.includes(id));
    expect(mine).toEqual(ids);
  });

  it.skipIf(!PG_URL)('never passes over an event whose transaction took the smaller id and committed last', async () => {
    const id = ++subjects;
    const { p, seen } = recorder('test-late-commit', [id]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let emitted!: () => void;
    const firstEmitted = new Promise<void>((r) => (emitted = r));
    let early = 0;
    // A takes the smaller id and stays open; B takes the next, commits, and a pass runs in between.
    const a = second.db.transaction(async (tx) => {
      early = await emit(tx, { name: 'order.shipped', subject: 'order', subjectId: id, payload: { t: 'A' }, companyIds: [] });
      emitted();
      await gate;
    });
    await firstEmitted;
    const late = await ctx.db.transaction((tx) => emit(tx, { name: 'order.shipped', subject: 'order', subjectId: id, payload: { t: 'B' }, companyIds: [] }));
    expect(late).toBeGreaterThan(early);
    const held = await dispatch(ctx.db, p);
    // B waits: an older transaction is still running, and it might hold (it does) an event before B.
    // The pass says so, and the dispatcher looks again shortly instead of waiting for its next tick.
    expect(seen).toEqual([]);
    expect(held.waiting).toBe(true);
    release();
    await a;
    await readable([early, late]);
    await dispatch(ctx.db, p);
    expect(seen).toEqual([early, late]);
  });

  it('runs what waits for the commit after it, and reports its failure without handling the event again', async () => {
    const { id, ids } = await emitFor('order', 1);
    let committed: boolean | undefined;
    const p: Processor = {
      name: 'test-after',
      events: ['order.shipped'],
      handle: async (tx, e) => {
        if (e.subjectId !== id) return;
        await tx
          .update(eventCursors)
          .set({ handled: 1_000_000 + e.id })
          .where(eq(eventCursors.processor, 'test-after'));
        return async () => {
          // Seen from another connection only once the dispatcher's transaction has committed.
          const [c] = await second.db.select().from(eventCursors).where(eq(eventCursors.processor, 'test-after'));
          committed = c!.position >= ids[0]!;
          throw new Error('mail server away');
        };
      },
    };
    const r = await dispatch(ctx.db, p);
    expect(committed).toBe(true);
    expect(r.afterCommitErrors).toEqual(['mail server away']);
    expect((await dispatch(ctx.db, p)).handled).toBe(0);
  });

  it('writes order.delivered with the order’s two companies, and the invoicing processor issues its invoice from it', async () => {
    const seller = await createUser(ctx.db, { category: 'supplier', country: 'ES', vatId: 'ESB04111111', companyName: 'Huerta de Almería S.L.' });
    const buyer = await createUser(ctx.db, { category: 'client', country: 'FR', vatId: 'FR23334175221' });
    const { id: orderId } = await deliveredOrder(ctx.db, seller.id, buyer.id, 800, 2.1, { event: false });
    await ctx.db.transaction((tx) =>
      orderRepo.insertHistory(tx, { orderId, actor: 'BUYER', actorUserId: buyer.id, fromStatus: 'SHIPPED', toStatus: 'DELIVERED' }),
    );
    const evs = await eventsOf(ctx.db, 'order', orderId);
    expect(evs.map((e) => [e.name, e.companyIds.toSorted((x, y) => x - y)])).toEqual([['order.delivered', [seller.id, buyer.id].toSorted((x, y) => x - y)]]);
    expect(evs[0]!.payload).toMatchObject({ orderId, from: 'SHIPPED', to: 'DELIVERED', by: 'BUYER' });
    await readable(evs.map((e) => e.id));
    const p = invoicingProcessor({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log, commission: commissionSettings });
    const r = await dispatch(ctx.db, p);
    expect(r).toMatchObject({ parked: 0, failing: 0, afterCommitErrors: [] });
    const issued = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE')));
    expect(issued.map((i) => i.status)).toEqual(['ISSUED']);
    // Again: nothing more (the cursor moved; and issuing is idempotent by order).
    await dispatch(ctx.db, p);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  }, 60_000);

  it('wakes the processors at the commit: with a long tick, a delivered order gets its invoice without any pass', async () => {
    const live = await createTestApp({ eventsIntervalMs: 3_600_000 });
    try {
      const seller = await createUser(live.db, { category: 'supplier', country: 'ES', vatId: 'ESB04111111', companyName: 'Huerta de Almería S.L.' });
      const buyer = await createUser(live.db, { category: 'client', country: 'FR', vatId: 'FR23334175221' });
      const { id: orderId } = await deliveredOrder(live.db, seller.id, buyer.id, 500, 1.9, { event: false });
      // On PostgreSQL, an older writing transaction (another module's, another database's) is still
      // running at the commit: the woken pass finds the event held back and looks again until it ends.
      let release = () => {};
      const older = PG_URL
        ? new Promise<void>((started) => {
            void second.db.transaction(async (tx) => {
              await tx.execute(sql`select pg_current_xact_id()`);
              started();
              await new Promise<void>((r) => (release = r));
            });
          })
        : Promise.resolve();
      await older;
      await live.db.transaction((tx) => orderRepo.insertHistory(tx, { orderId, actor: 'SYSTEM', fromStatus: 'SHIPPED', toStatus: 'DELIVERED' }));
      setTimeout(() => release(), 500);
      await expect
        .poll(async () => (await live.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.orderId, orderId))).map((i) => i.status), {
          timeout: 30_000,
        })
        .toEqual(['ISSUED']);
      const job = (await live.app.jobs.status()).find((j) => j.name === 'events:invoicing');
      expect(job).toMatchObject({ lastOutcome: 'ok', failureCount: 0 });
    } finally {
      await live.close();
    }
  }, 60_000);
});
