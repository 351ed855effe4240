import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { sessions } from '../db/schema/index.js';
import { InProcessEventBus } from '../realtime/event-bus.js';
import { freshDatabase } from '../../test/database.js';
import { login, testConfig } from '../../test/build-app.js';

/**
 * The session cache (decision 630): two instances of the app in one process, on one database and one
 * bus, as two servers behind a load balancer. A session one of them has cached must stop working on
 * both the moment it is ended on either (sign-out, password change, deactivation).
 */
describe('session cache across two instances', () => {
  let database: Database;
  let bus: InProcessEventBus;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    bus = new InProcessEventBus();
    // A long lifetime, so that only the invalidation (not the expiry) can explain a refusal below.
    const config = testConfig();
    config.session = { ...config.session, cacheMs: 5000 };
    a = await buildApp({ config, database, bus });
    b = await buildApp({ config, database, bus });
    await a.ready();
    await b.ready();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await bus?.close();
    await database?.close();
  });

  const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/users/isLoggedIn', headers: { cookie } });
  const client = async (password = 'Password-123') => {
    const user = await createUser(database.db, { category: 'client', password });
    return { user, cookie: await login(a, user.email, password) };
  };

  it('serves a resolved session from memory: a row deleted without announcement still works until the cache lets go', async () => {
    // This is what makes the tests below meaningful: without the announcement, B would keep answering.
    const { user, cookie } = await client();
    expect((await me(b, cookie)).statusCode).toBe(200);
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
    b.sessions.forget({ userId: user.id });
    expect((await me(b, cookie)).statusCode).toBe(401);
  });

  it('sign-out on A refuses the session on B at once', async () => {
    const { cookie } = await client();
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    const out = await a.inject({ method: 'GET', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('deactivation by an admin on B refuses every session of the user on A at once', async () => {
    const { user, cookie } = await client();
    const second = await login(b, user.email, 'Password-123');
    const admin = await createUser(database.db, { category: 'admin' });
    const adminCookie = await login(b, admin.email, admin.password);
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect((await me(a, second)).statusCode).toBe(200);
    const res = await b.inject({ method: 'PUT', url: `/api/admin/user/status/${user.id}`, headers: { cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(401);
    expect((await me(a, second)).statusCode).toBe(401);
    // The admin's own cached session is untouched.
    expect((await me(b, adminCookie)).statusCode).toBe(200);
  });

  it('a password change on A refuses the other sessions on B at once and keeps the current one', async () => {
    const { user, cookie: here } = await client();
    const elsewhere = await login(b, user.email, 'Password-123');
    for (const app of [a, b]) for (const c of [here, elsewhere]) expect((await me(app, c)).statusCode).toBe(200);
    const res = await a.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { cookie: here },
      payload: { oldPassword: 'Password-123', newPassword: 'Quince-harbour-lantern-57' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(b, elsewhere)).statusCode).toBe(401);
    expect((await me(a, elsewhere)).statusCode).toBe(401);
    expect((await me(b, here)).statusCode).toBe(200);
    expect((await me(a, here)).statusCode).toBe(200);
  });

  it('does not cache a lookup that an ended session overtook', async () => {
    const { user, cookie } = await client();
    const token = cookie.slice('primeur_sid='.length);
    b.sessions.forgetAll();
    const pending = b.sessions.resolve(token);
    // The sessions end while the lookup is in flight: its answer may be used once, never kept.
    b.sessions.onEnded({ userId: user.id });
    expect(await pending).not.toBeNull();
    expect(b.sessions.cachedCount).toBe(0);
  });

  it('forgets everything after a gap in the bus', async () => {
    const { cookie } = await client();
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect(b.sessions.cachedCount).toBeGreaterThan(0);
    b.sessions.forgetAll();
    expect(b.sessions.cachedCount).toBe(0);
  });
});

describe('session cache lifetime', () => {
  it('asks the database again once the lifetime is over', async () => {
    const database = await freshDatabase();
    const config = testConfig();
    config.session = { ...config.session, cacheMs: 50 };
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const user = await createUser(database.db, { category: 'client' });
      const cookie = await login(app, user.email, user.password);
      const me = () => app.inject({ method: 'GET', url: '/api/users/isLoggedIn', headers: { cookie } });
      expect((await me()).statusCode).toBe(200);
      await database.db.delete(sessions).where(eq(sessions.userId, user.id));
      await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: 30_000, interval: 20 });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
