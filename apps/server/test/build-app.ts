import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type AppConfig } from '../src/config/env.js';
import type { Database } from '../src/db/client.js';
import { buildApp, type AppDeps } from '../src/app.js';
import { createUser, type UserFactoryInput } from '../src/db/factories.js';
import { freshDatabase } from './database.js';
import { drain } from '../src/events/events.js';
import { tradeProcessors } from '../src/jobs/index.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  config: AppConfig;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Upstream services point at a closed loopback port: tests never reach the internet; the tests
  // of a module that calls out start their own fake server on loopback.
  // Request rate limits are raised far out of reach: test files sign in and post from one address;
  // the rate-limit tests set their own limits.
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
      RATE_LIMIT_FACTOR: '10000',
      WS_MAX_CONNECTIONS_PER_IP: '100000',
      // The event processors run when a test asks (dispatch): woken by every commit, they would
      // issue invoices and lock orders while a test drives the jobs it is about to count.
      EVENTS_INTERVAL_MS: '0',
      // The webhook deliveries too (decision 1012); the tests' receivers listen on 127.0.0.1.
      WEBHOOK_INTERVAL_MS: '0',
      NODE_ENV: 'test',
    }),
    ...overrides,
  };
}

/**
 * Settings for a file that drives the background jobs itself (closing, alerts, the order lifecycle,
 * invoicing): each job runs once at start and never on its own again. A periodic pass arriving in the
 * middle of a test (the order jobs tick every minute, which a loaded machine reaches within one file)
 * would issue or move the rows the test is about to count.
 */
export function jobsDrivenByTest(): Partial<AppConfig> {
  const { orders } = testConfig();
  return { auctionCloseIntervalMs: 0, alertsIntervalMs: 0, orders: { ...orders, jobsIntervalMs: 0 } };
}

/** A fresh app on a fresh database; `deps` replaces what the app would otherwise reach for itself (the DNS). */
export async function createTestApp(overrides: Partial<AppConfig> = {}, deps: Pick<AppDeps, 'resolveHost'> = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Runs the trade's event processors until they have nothing left: the messages (notices, e-mails, live
 * order events), invoices and photo copies that follow the steps a test took. The app wakes them at each
 * commit; the tests' apps leave them to the test (EVENTS_INTERVAL_MS=0), which calls this before it looks.
 */
export async function settle(ctx: Pick<TestContext, 'app' | 'db'>) {
  const r = await drain(ctx.db, tradeProcessors(ctx.app));
  if (r.afterCommitErrors.length) throw new Error(`an event processor's after-commit step failed: ${r.afterCommitErrors.join('; ')}`);
}

/** The session cookie header from a response that set one. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'primeur_sid');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `primeur_sid=${c.value}`;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return sessionCookie(res);
}

/** Creates a user and signs it in; returns the user and its cookie. */
export async function signedIn(ctx: TestContext, input: UserFactoryInput = {}) {
  const user = await createUser(ctx.db, input);
  const cookie = await login(ctx.app, user.email, user.password);
  return { user, cookie };
}

/**
 * Creates a user with a real server-side session, opened directly rather than through POST /auth/login:
 * for tests whose subject is not the sign-in and that open hundreds of sessions (the property test's
 * three companies per history), where each login's argon2 verification costs 35 ms of CPU.
 */
export async function withSession(ctx: TestContext, input: UserFactoryInput = {}) {
  const user = await createUser(ctx.db, input);
  const token = await ctx.app.sessions.create(user.id);
  return { user, cookie: `primeur_sid=${token}` };
}

/**
 * For a whole test file: a fresh app before its tests, with an admin signed in, closed after them.
 * `use` receives both, so the file keeps its own `ctx` and `admin` variables.
 */
export function withAdminApp(use: (ctx: TestContext, admin: string) => void, overrides: Partial<AppConfig> = {}) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(overrides);
    use(ctx, (await signedIn(ctx, { category: 'admin' })).cookie);
  });
  afterAll(() => ctx?.close());
}
