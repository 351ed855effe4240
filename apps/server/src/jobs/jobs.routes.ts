import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, jobRunResult, jobStatus } from '@primeur/shared';
import { notFound } from '../lib/http-error.js';

/** Admins see every background job's last run and can run one now (decision 524). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' as const };
  app.get(
    '/api/admin/jobs',
    { config: admin, schema: { tags: ['admin'], description: 'Background jobs and their last run across instances.', response: { 200: z.array(jobStatus) } } },
    async () => app.jobs.status(),
  );
  app.post(
    '/api/admin/jobs/:name/run',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        description: 'Runs a job now on this instance, unless another instance is running it (skipped).',
        params: z.object({ name: z.string().max(64) }),
        response: { 200: jobRunResult, 404: errorBody },
      },
    },
    async (req) => {
      if (!app.jobs.definition(req.params.name)) throw notFound('Job');
      return { outcome: await app.jobs.runExclusive(req.params.name, { force: true }) };
    },
  );
};
