import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { jobRuns } from '../db/schema/index.js';

/** First key of every job's advisory lock (the second is the job's own): apart from other users' locks. */
const LOCK_NAMESPACE = 52_013;

/** A background job: a plain async function, run on a schedule by one instance at a time. */
export interface JobDefinition {
  name: string;
  /** Run every this many ms (and once at start); 0 = only when asked (runExclusive). */
  everyMs: number;
  /** Run once at start even when everyMs is 0. */
  atStart?: boolean;
  run(): Promise<void>;
  /**
   * Another instance's run that started less than this long ago counts as this slot's run (so a
   * job runs once per period across instances, not once per instance). Default: half the period.
   */
  minGapMs?: number;
}

export type RunOutcome = 'ok' | 'failed' | 'skipped';

export interface JobMetrics {
  onRun?(name: string, outcome: RunOutcome, ms: number): void;
}

/** 32-bit key of a job name, stable across instances and versions. */
export function lockKey(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

/**
 * The one runner of background jobs (decision 524). Each run takes the job's PostgreSQL advisory lock
 * (try, never wait) on a connection held for the run: one instance runs it, the others skip; a run
 * that another instance made within the job's gap is not repeated. The last run and its outcome are
 * kept in `job_runs` for admins. The lock dies with the connection, so a crashed instance blocks nothing.
 */
export class JobRunner {
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<RunOutcome>>();
  private readonly reruns = new Set<string>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'tryWithAdvisoryLock'>,
    private readonly log: { info(o: object, m: string): void; error(o: object, m: string): void; debug(o: object, m: string): void },
    private readonly metrics: JobMetrics = {},
  ) {}

  register(job: JobDefinition) {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
    this.jobs.set(job.name, job);
    if (this.started) this.kickOff(job);
  }

  get names() {
    return [...this.jobs.keys()];
  }

  definition(name: string) {
    return this.jobs.get(name);
  }

  /** Starts every periodic job: a first run now, then one every period. */
  start() {
    this.started = true;
    for (const job of this.jobs.values()) this.kickOff(job);
  }

  /** The first run starts now (stop() waits for it), then the timer takes over. */
  private kickOff(job: JobDefinition) {
    if (job.everyMs <= 0 && !job.atStart) return;
    void this.runExclusive(job.name).finally(() => {
      if (job.everyMs > 0) this.schedule(job, job.everyMs);
    });
  }

  private schedule(job: JobDefinition, delayMs: number) {
    if (this.stopped) return;
    const t = setTimeout(() => {
      void this.runExclusive(job.name).finally(() => this.schedule(job, job.everyMs));
    }, delayMs);
    t.unref();
    this.timers.set(job.name, t);
  }

  /**
   * Runs a registered job now if no instance is running it and none ran it within its gap. `fn`
   * replaces the job's own function (a scheduled task that keeps its own timer, e.g. the price fetch).
   */
  async runExclusive(name: string, opts: { force?: boolean; again?: boolean } = {}): Promise<RunOutcome> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const current = this.running.get(name);
    if (current) {
      // `again`: new work arrived (a wake-up). The run in progress may already be past the point where
      // it looks for work, so the job runs once more right after it rather than waiting for its next tick.
      if (opts.again) this.reruns.add(name);
      return 'skipped';
    }
    const p = this.runLocked(job, opts.force ?? false).finally(() => {
      this.running.delete(name);
      if (this.reruns.delete(name) && !this.stopped) void this.runExclusive(name, { force: opts.force, again: true });
    });
    this.running.set(name, p);
    return p;
  }

  private async runLocked(job: JobDefinition, force: boolean): Promise<RunOutcome> {
    const started = performance.now();
    try {
      const res = await this.database.tryWithAdvisoryLock(LOCK_NAMESPACE, lockKey(job.name), async () => {
        const gapMs = job.minGapMs ?? Math.floor(job.everyMs / 2);
        if (!force && gapMs > 0 && (await this.ranWithin(job.name, gapMs))) return 'skipped' as const;
        await this.record(job.name, 'start');
        try {
          await job.run();
        } catch (err) {
          const ms = Math.round(performance.now() - started);
          await this.record(job.name, 'failed', ms, err instanceof Error ? err.message : String(err)).catch(() => undefined);
          this.log.error({ err, job: job.name }, 'job failed');
          return 'failed' as const;
        }
        await this.record(job.name, 'ok', Math.round(performance.now() - started));
        return 'ok' as const;
      });
      const outcome: RunOutcome = res.acquired ? res.value : 'skipped';
      this.metrics.onRun?.(job.name, outcome, performance.now() - started);
      return outcome;
    } catch (err) {
      // No database (outage): nothing ran; the next tick tries again.
      this.log.error({ err, job: job.name }, 'job could not run');
      this.metrics.onRun?.(job.name, 'failed', performance.now() - started);
      return 'failed';
    }
  }

  private async ranWithin(name: string, ms: number) {
    const res = await this.database.db.execute<{ recent: boolean }>(
      sql`select exists (select 1 from job_runs where name = ${name} and last_started_at > now() - make_interval(secs => ${ms / 1000})) as recent`,
    );
    return res.rows[0]?.recent === true;
  }

  private async record(name: string, phase: 'start' | 'ok' | 'failed', ms?: number, error?: string) {
    const db = this.database.db;
    if (phase === 'start') {
      await db
        .insert(jobRuns)
        .values({ name, lastStartedAt: sql`now()`, lastInstance: this.instance, runCount: 1 })
        .onConflictDoUpdate({
          target: jobRuns.name,
          set: { lastStartedAt: sql`now()`, lastInstance: this.instance, runCount: sql`${jobRuns.runCount} + 1` },
        });
      return;
    }
    await db
      .update(jobRuns)
      .set({
        lastFinishedAt: sql`now()`,
        lastOutcome: phase,
        lastError: error?.slice(0, 2000) ?? null,
        lastDurationMs: ms ?? null,
        ...(phase === 'failed' ? { failureCount: sql`${jobRuns.failureCount} + 1` } : {}),
      })
      .where(sql`${jobRuns.name} = ${name}`);
  }

  /** Every registered job with its last run (across instances), for admins. */
  async status() {
    const rows = await this.database.db.select().from(jobRuns);
    const byName = new Map(rows.map((r) => [r.name, r]));
    return this.names.map((name) => {
      const r = byName.get(name);
      const job = this.jobs.get(name)!;
      return {
        name,
        everyMs: job.everyMs,
        runningHere: this.running.has(name),
        lastStartedAt: r?.lastStartedAt?.toISOString() ?? null,
        lastFinishedAt: r?.lastFinishedAt?.toISOString() ?? null,
        lastOutcome: r?.lastOutcome ?? null,
        lastError: r?.lastError ?? null,
        lastDurationMs: r?.lastDurationMs ?? null,
        lastInstance: r?.lastInstance ?? null,
        runCount: r?.runCount ?? 0,
        failureCount: r?.failureCount ?? 0,
      };
    });
  }

  /** Halted (stopping): a run that waits for something may give up and leave it to the next instance. */
  get halted() {
    return this.stopped;
  }

  /** Starts no new run from now on; runs in progress go on (the first step of a graceful shutdown). */
  halt() {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Stops scheduling and waits for runs in progress (graceful shutdown). */
  async stop() {
    this.halt();
    await Promise.allSettled([...this.running.values()]);
  }
}
