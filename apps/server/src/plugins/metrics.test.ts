import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../../test/build-app.js';
import { createUser } from '../db/factories.js';

const TOKEN = 'metrics-token-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ metricsToken: TOKEN });
});
afterAll(() => ctx?.close());

describe('GET /metrics', () => {
  it('refuses visitors (401) and non-admins (403)', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const user = await createUser(ctx.db, { category: 'client' });
    const cookie = await login(ctx.app, user.email, user.password);
    expect((await ctx.app.inject({ url: '/metrics', headers: { cookie } })).statusCode).toBe(403);
  });

  it("refuses (401) a bearer of the token's length in non-ASCII characters or of any other length", async () => {
    for (const bearer of ['é'.repeat(TOKEN.length), `${TOKEN.slice(0, -1)}é`, '€', TOKEN.slice(1), `${TOKEN}x`, '']) {
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${bearer}` } });
      expect(res.statusCode, bearer).toBe(401);
      expect(res.json()).toMatchObject({ code: 'NOT_SIGNED_IN' });
    }
  });

  it('answers Prometheus text to the token or an admin, with route latency, live connections, jobs and backlogs', async () => {
    await ctx.app.inject({ url: '/api/health' });
    // A run already under way (the one at start, slow on a busy machine) makes this one 'skipped': ask until one is ours.
    await expect.poll(() => ctx.app.jobs.runExclusive('session-purge', { force: true })).toBe('ok');
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/primeur_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(res.body).toContain('primeur_live_connections 0');
    expect(res.body).toMatch(/primeur_job_runs_total\{job="session-purge",outcome="ok"\} [1-9]/);
    expect(res.body).toContain('primeur_outbox_backlog{queue="inbound"} 0');
    expect(res.body).toContain('primeur_bids_total');
    const admin = await createUser(ctx.db, { category: 'admin' });
    const cookie = await login(ctx.app, admin.email, admin.password);
    expect((await ctx.app.inject({ url: '/metrics', headers: { cookie } })).statusCode).toBe(200);
  });
});
