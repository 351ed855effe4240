import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last run of each background job (decision 524), whichever instance ran it; admins read it. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastOutcome: text('last_outcome', { enum: ['ok', 'failed'] }),
  lastError: text('last_error'),
  lastDurationMs: integer('last_duration_ms'),
  lastInstance: text('last_instance'),
  runCount: integer('run_count').notNull().default(0),
  failureCount: integer('failure_count').notNull().default(0),
});
