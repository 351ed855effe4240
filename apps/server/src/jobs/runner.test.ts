import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, login, type TestContext } from '../../test/build-app.js';
import { openDatabase, type Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { sessions } from '../db/schema/index.js';
import { JobRunner } from './runner.js';

const quiet = { info: () => undefined, error: () => undefined, debug: () => undefined };
const PG_URL = process.env.TEST_DATABASE_URL;

let ctx: TestContext;
let second: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  // A second instance: its own pool on the same PostgreSQL database, or the same embedded database.
  second = PG_URL ? await openDatabase({ databaseUrl: ctx.database.pool!.options.connectionString!, poolSize: 3 }) : ctx.database;
});
afterAll(async () => {
  if (second !== ctx.database) await second.close();
  await ctx.close();
});

describe('job runner', () => {
  it('runs a job once when two instances try at the same moment, and records the run', async () => {
    let runs = 0;
    // The job holds its run until the other instance has answered, however slow the machine.
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let heldMs = 0;
    const held = new Promise<void>((r) => (release = r));
    const job = {
      name: 'test-once',
      everyMs: 60_000,
      run: async () => {
        runs++;
        const t = performance.now();
        started();
        await held;
        heldMs = performance.now() - t;
      },
    };
    const a = new JobRunner(ctx.database, quiet);
    const b = new JobRunner(second, quiet);
    a.register(job);
    b.register(job);
    const attempts = [a.runExclusive('test-once'), b.runExclusive('test-once')];
    await Promise.race(attempts);
    await running;
    release();
    const outcomes = await Promise.all(attempts);
    expect(outcomes.sort()).toEqual(['ok', 'skipped']);
    expect(runs).toBe(1);
    // Right after, within the period's gap, the other instance does not repeat it either.
    expect(await b.runExclusive('test-once')).toBe('skipped');
    expect(runs).toBe(1);
    const [status] = (await a.status()).filter((s) => s.name === 'test-once');
    expect(status).toMatchObject({ lastOutcome: 'ok', runCount: 1, failureCount: 0 });
    // The recorded duration covers the whole run, held part included.
    expect(status!.lastDurationMs).toBeGreaterThanOrEqual(Math.floor(heldMs));
  });

  it('a wake-up during a run (`again`) runs the job once more right after it; a plain request during a run is only skipped', async () => {
    let runs = 0;
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const held = new Promise<void>((r) => (release = r));
    const runner = new JobRunner(ctx.database, quiet);
    runner.register({
      name: 'test-again',
      everyMs: 0,
      minGapMs: 0,
      run: async () => {
        runs++;
        if (runs === 1) {
          started();
          await held;
        }
      },
    });
    const first = runner.runExclusive('test-again');
    await running;
    // Work arrives while the first run is past its look for it: two wake-ups and a plain request.
    expect(await runner.runExclusive('test-again', { again: true })).toBe('skipped');
    expect(await runner.runExclusive('test-again', { again: true })).toBe('skipped');
    expect(await runner.runExclusive('test-again')).toBe('skipped');
    release();
    expect(await first).toBe('ok');
    await vi.waitFor(() => expect(runs).toBe(2));
    await runner.stop();
    // The wake-ups made one more run, not one each.
    expect(runs).toBe(2);
  });

  it('runs as many jobs at once as the pool has connections, each querying while the others hold their locks', async () => {
    // `second` has 3 pooled connections (PostgreSQL) and 3 jobs start together, as at start-up. Each
    // run queries only once all 3 hold their locks. With the lock taken on a pooled connection, the 3
    // locks held the whole pool and every run waited for a 4th until the connect timeout (decision 961).
    const size = 3;
    let arrived = 0;
    const runner = new JobRunner(second, quiet);
    for (let i = 0; i < size; i++)
      runner.register({
        name: `test-pool-${i}`,
        everyMs: 0,
        run: async () => {
          arrived++;
          // Bounded: a run left alone (the others never got a connection) fails instead of hanging.
          await vi.waitFor(
            () => {
              if (arrived < size) throw new Error('the other runs have not started');
            },
            { timeout: 30_000, interval: 10 },
          );
          await second.db.execute(sql`select pg_sleep(0.01)`);
        },
      });
    const outcomes = await Promise.all(runner.names.map((name) => runner.runExclusive(name)));
    expect(outcomes).toEqual(Array(size).fill('ok'));
    expect(arrived).toBe(size);
  });

  it('on close, stops listening at once, then waits for the run in progress', async () => {
    // An app of its own, listening: closing it is what is tested.
    const own = await createTestApp();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let runs = 0;
    own.app.jobs.register({
      name: 'held-at-close',
      everyMs: 0,
      run: async () => {
        runs++;
        started();
        await held;
      },
    });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const run = own.app.jobs.runExclusive('held-at-close');
    await running;
    let closed = false;
    const closing = own.app.close().then(() => (closed = true));
    // The listening socket goes while the run is held: a run waiting for a lock no longer keeps the
    // instance taking new connections. The close itself waits for the run.
    await expect.poll(() => own.app.server.listening).toBe(false);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(await run).toBe('ok');
    expect(runs).toBe(1);
    await own.database.close();
  });

  it('records a failure with its error, and admins see every job on the jobs route', async () => {
    ctx.app.jobs.register({
      name: 'test-failing',
      everyMs: 0,
      run: async () => {
        throw new Error('upstream said no');
      },
    });
    const admin = await createUser(ctx.db, { category: 'admin' });
    const cookie = await login(ctx.app, admin.email, admin.password);
    const run = await ctx.app.inject({ method: 'POST', url: '/api/admin/jobs/test-failing/run', headers: { cookie } });
    expect(run.json()).toEqual({ outcome: 'failed' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const byName = new Map((list.json() as Array<{ name: string }>).map((j) => [j.name, j]));
    expect(byName.get('test-failing')).toMatchObject({ lastOutcome: 'failed', lastError: 'upstream said no', failureCount: 1 });
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['auction-closer', 'session-purge', 'price-fetch']));
    expect(byName.get('auction-closer')).toMatchObject({ lastOutcome: 'ok' });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/jobs/nope/run', headers: { cookie } })).statusCode).toBe(404);
  });

  it('purges expired sessions (the session-purge job)', async () => {
    const user = await createUser(ctx.db);
    await ctx.db.insert(sessions).values({ id: 'expired-session-for-purge-test', userId: user.id, expiresAt: new Date(Date.now() - 1000) });
    expect(await ctx.app.jobs.runExclusive('session-purge', { force: true })).toBe('ok');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, 'expired-session-for-purge-test'))).toEqual([]);
  });
});
