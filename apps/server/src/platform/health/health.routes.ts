import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const READY_TIMEOUT_MS = 2_000;

const check = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });
const readiness = z.object({ status: z.enum(['ready', 'unavailable']), database: check, bus: check.optional() });

/** Runs a probe with a deadline: a readiness answer must come quickly even when a dependency hangs. */
async function probe(fn: () => Promise<unknown>): Promise<z.infer<typeof check>> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - started), error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Liveness: the process answers. Touches nothing else, so a database outage does not get it restarted. */
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  /** Readiness: the database (and Redis when configured) answer; a load balancer sends traffic only then. */
  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: readiness, 503: readiness } },
    },
    async (_req, reply) => {
      const { db } = app.deps.database;
      const [database, bus] = await Promise.all([
        probe(() => db.execute(sql`select 1`)),
        app.bus.ping ? probe(() => app.bus.ping!()) : Promise.resolve(undefined),
      ]);
      const ok = database.ok && (bus?.ok ?? true);
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unavailable', database, ...(bus ? { bus } : {}) });
    },
  );
};
