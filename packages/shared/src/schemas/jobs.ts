import { z } from 'zod';

/** A background job and its last run, whichever instance ran it (admins, decision 524). */
export const jobStatus = z.object({
  name: z.string(),
  /** Period in ms; 0 = on its own schedule or on request. */
  everyMs: z.number().int(),
  runningHere: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastInstance: z.string().nullable(),
  runCount: z.number().int(),
  failureCount: z.number().int(),
});
export type JobStatus = z.infer<typeof jobStatus>;

export const jobRunResult = z.object({ outcome: z.enum(['ok', 'failed', 'skipped']) });
