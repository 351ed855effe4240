/**
 * bench/events — the dispatcher's step (issue 33, faults: "the events table at 10⁶ rows keeps the
 * dispatcher's step under 20 ms"). Two PostgreSQL databases built alike except for their size: 1 000
 * events (the baseline) and 1 000 000, with 100 parked failures each. Measured in alternating rounds
 * (the load of a shared machine moves in minutes), one `dispatch` pass of a processor handling a
 * third of the events with a no-op: the wake-up after a commit (3 new events, 1 its own), the idle
 * pass (nothing new: every other processor woken by the same commit) and a backlog batch of 200 from
 * the middle of the table (its cost is the savepoint per handled event, not the table). Prints
 * p50/p99 per size and the ratio to the baseline.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { eventCursors } from '../../apps/server/src/db/schema/index.js';
import { dispatch, type Processor } from '../../apps/server/src/events/events.js';
import { benchDatabase, ms, summary } from '../lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 4));
const GOAL_MS = 20;

const noop: Processor = { name: 'bench', events: ['order.delivered'], handle: async () => undefined };
const failing: Processor = {
  name: 'bench-parked',
  events: ['order.delivered'],
  handle: () => Promise.reject(new Error('parked for the benchmark')),
};

async function build(size: number) {
  const target = await benchDatabase(`bench_events_${size}`, 4);
  const db = target.database.db;
  for (let from = 1; from <= size; from += 100_000) {
    const to = Math.min(size, from + 99_999);
    await db.execute(sql`
      insert into events (name, subject, subject_id, payload, company_ids)
      select (array['order.confirmed', 'order.shipped', 'order.delivered'])[1 + g % 3], 'order', g / 3,
             jsonb_build_object('orderId', g / 3, 'number', 'PRM-2026-' || g), array[1 + g % 50, 100 + g % 200]
      from generate_series(${from}::int, ${to}::int) g`);
  }
  await db.execute(sql`analyze events`);
  // 100 parked failures of another processor: the retry query reads them at every pass.
  // A cursor is the (transaction, id) of its last event (decision 1002).
  await db.insert(eventCursors).values({ processor: failing.name, positionTxid: await txidOf(db, size - 300), position: size - 300 });
  await dispatch(db, failing, { backoffMs: 3_600_000 });
  await db.insert(eventCursors).values({ processor: noop.name, position: 0 });
  return { size, ...target, db };
}

type Target = Awaited<ReturnType<typeof build>>;

/** The writing transaction of the event `id` ('0' before the first). */
async function txidOf(db: Db, id: number) {
  const r = await db.execute<{ txid: string }>(sql`select txid::text as txid from events where id = ${id}`);
  return r.rows[0]?.txid ?? '0';
}

async function measure(t: Target, position: number) {
  const times: number[] = [];
  const positionTxid = await txidOf(t.db, position);
  for (let i = 0; i < RUNS; i++) {
    await t.db
      .update(eventCursors)
      .set({ positionTxid, position })
      .where(sql`${eventCursors.processor} = ${noop.name}`);
    const start = performance.now();
    const r = await dispatch(t.db, noop);
    times.push(performance.now() - start);
    if (r.busy) throw new Error('the cursor was busy');
  }
  return times;
}

const targets = [await build(1_000), await build(1_000_000)];
try {
  const steps = new Map<string, number[]>();
  const add = (key: string, v: number[]) => steps.set(key, [...(steps.get(key) ?? []), ...v]);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    for (const t of order) {
      add(`${t.size} batch`, await measure(t, Math.floor(t.size / 2)));
      add(`${t.size} wake`, await measure(t, t.size - 3));
      add(`${t.size} idle`, await measure(t, t.size));
    }
  }
  console.log(`bench:events — ${ROUNDS} rounds × ${RUNS} passes per case; load average ${loadavg()[0]!.toFixed(2)}`);
  const label = {
    wake: 'a wake-up (3 new events, 1 its own: the step after a commit)',
    idle: 'idle (nothing new)',
    batch: 'a backlog batch of 200 (67 its own, each in a savepoint)',
  } as const;
  for (const kind of ['wake', 'idle', 'batch'] as const) {
    const base = summary(steps.get(`1000 ${kind}`)!);
    const big = summary(steps.get(`1000000 ${kind}`)!);
    const goal =
      kind === 'batch' ? `per handled event at 10⁶: p50 ${ms(big.p50 / 67)}` : `goal p99 < ${GOAL_MS} ms at 10⁶: ${big.p99 < GOAL_MS ? 'met' : 'NOT met'}`;
    console.log(
      `  ${label[kind]}: 10³ events p50 ${ms(base.p50)} p99 ${ms(base.p99)} · 10⁶ events p50 ${ms(big.p50)} p99 ${ms(big.p99)} · ratio p50 ${(big.p50 / base.p50).toFixed(2)} · ${goal}`,
    );
  }
} finally {
  for (const t of targets) await t.drop();
}
