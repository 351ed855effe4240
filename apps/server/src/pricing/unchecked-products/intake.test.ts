import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, login, type TestContext } from '../../../test/build-app.js';
import { createSupplier } from '../../db/factories/backoffice.js';
import { createUser } from '../../db/factories.js';
import { inboundMessages, uncheckedProducts } from '../../db/schema/index.js';
import { sign } from './whatsapp-webhook.js';

// The server project shares loaded modules between files (isolate: false): load this file's own
// copy, with the parser below, and leave none of it to the next file (afterAll).
vi.hoisted(() => vi.resetModules());

/**
 * A parser bug, simulated: any message containing "💥" makes the parser throw, as a real defect would.
 * Everything else is the real parser.
 */
vi.mock('../../lib/offers/offer-parser.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/offers/offer-parser.js')>();
  return {
    ...real,
    parseMessage: (text: string, ...rest: Parameters<typeof real.parseMessage> extends [unknown, ...infer R] ? R : never) => {
      if (text.includes('💥') && !(globalThis as { parserFixed?: boolean }).parserFixed) throw new Error('parser exploded on this message');
      return real.parseMessage(text, ...rest);
    },
  };
});

const SECRET = 'intake-secret-0123456789';
const URL = '/api/webhooks/whatsapp';

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp({ whatsapp: { verifyToken: 't', appSecret: SECRET, maxBodyBytes: 2_000_000 } });
  await createSupplier(ctx.db, {
    company: 'Intake Test S.L.',
    products: ['CIT01'],
    contacts: [{ firstName: 'Ana', lastName: 'Ruiz', phone: '+34950999111', email: 'ana@intake.test' }],
  });
  const admin = await createUser(ctx.db, { category: 'admin' });
  cookie = await login(ctx.app, admin.email, admin.password);
});
afterAll(async () => {
  await ctx?.close();
  vi.doUnmock('../../lib/offers/offer-parser.js');
  vi.resetModules();
});

function notification(messages: Array<{ id: string; body: string; from?: string }>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              messages: messages.map((m) => ({ from: m.from ?? '34950999111', id: m.id, timestamp: '1763712000', type: 'text', text: { body: m.body } })),
            },
          },
        ],
      },
    ],
  });
}

const post = (app: TestContext['app'], body: string) =>
  app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, SECRET) }, payload: body });

const messageById = async (externalId: string) => (await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.externalId, externalId)))[0];

/** The message once the intake has parsed it (or given up on it). */
function settled(externalId: string, timeoutMs = 10_000) {
  return vi.waitFor(
    async () => {
      const m = await messageById(externalId);
      if (!m || (m.status !== 'parsed' && m.status !== 'failed')) throw new Error(`${externalId} is ${m?.status ?? 'not stored'}`);
      return m;
    },
    { timeout: timeoutMs, interval: 30 },
  );
}

const rowsOf = (messageId: number) => ctx.db.select().from(uncheckedProducts).where(eq(uncheckedProducts.messageId, messageId));

describe('durable WhatsApp intake', () => {
  it.each([
    ['constructor', 'wamid.W1'],
    ['__proto__', 'wamid.W2'],
    ['toString', 'wamid.W3'],
  ])('stores and parses a message containing %j', async (word, id) => {
    const res = await post(ctx.app, notification([{ id, body: `Naranja navel ${word} cal 3 0,65€/kg 4 pal ${word}` }]));
    expect(res.statusCode).toBe(200);
    const m = await settled(id);
    expect(m).toMatchObject({ status: 'parsed', parseError: null });
    const rows = await rowsOf(m!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ priceKg: '0.650' });
    // In the change history as the system's creation (no one typed it).
    const history = await ctx.app.inject({ method: 'GET', url: `/api/admin/activity?entity=uncheckedProduct&id=${rows[0]!.id}`, headers: { cookie } });
    expect(history.json().items).toEqual([expect.objectContaining({ action: 'create', user: null })]);
  });

  it('stores a message with a NUL byte (shown as U+FFFD) and parses it', async () => {
    const res = await post(ctx.app, notification([{ id: 'wamid.NUL', body: 'Naranja navel\u0000 cal 3 0,65€/kg 4 pal' }]));
    expect(res.statusCode).toBe(200);
    const m = await settled('wamid.NUL');
    expect(m).toMatchObject({ status: 'parsed', body: 'Naranja navel\uFFFD cal 3 0,65€/kg 4 pal' });
    expect(await rowsOf(m!.id)).toHaveLength(1);
  });

  it('keeps a message that fails to parse with its error, shows it to staff, and parses it again on request', async () => {
    const res = await post(ctx.app, notification([{ id: 'wamid.BAD', body: 'Naranja navel 💥 cal 3 0,65€/kg 4 pal' }]));
    expect(res.statusCode).toBe(200);
    const m = await settled('wamid.BAD');
    expect(m).toMatchObject({ status: 'failed', parseError: 'parser exploded on this message', attempts: 1 });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/intern/userProduct/supplier/unchecked/messages/unparsed', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: m!.id, status: 'failed', error: 'parser exploded on this message' }));

    (globalThis as { parserFixed?: boolean }).parserFixed = true;
    try {
      const again = await ctx.app.inject({ method: 'POST', url: `/api/intern/userProduct/supplier/unchecked/messages/${m!.id}/parse`, headers: { cookie } });
      expect(again.statusCode).toBe(202);
      const after = await settled('wamid.BAD');
      expect(after).toMatchObject({ status: 'parsed', parseError: null, attempts: 2 });
      expect(await rowsOf(m!.id)).toHaveLength(1);
      // Parsed now: no longer listed, and not parsable "again" a second time.
      const list2 = await ctx.app.inject({ method: 'GET', url: '/api/intern/userProduct/supplier/unchecked/messages/unparsed', headers: { cookie } });
      expect(list2.json().map((x: { id: number }) => x.id)).not.toContain(m!.id);
      const twice = await ctx.app.inject({ method: 'POST', url: `/api/intern/userProduct/supplier/unchecked/messages/${m!.id}/parse`, headers: { cookie } });
      expect(twice.statusCode).toBe(404);
    } finally {
      (globalThis as { parserFixed?: boolean }).parserFixed = false;
    }
  });

  it('answers 5xx, never 200, when the database is down at arrival (Meta delivers again)', async () => {
    const down = await createTestApp({ whatsapp: { verifyToken: 't', appSecret: SECRET, maxBodyBytes: 8_192 } });
    // The database goes away under a running app: on PostgreSQL its pool is ended (the throwaway
    // database is dropped after the app has let go of its LISTEN connection), PGlite is closed.
    const pool = down.database.pool;
    await (pool ? pool.end() : down.database.close());
    try {
      const res = await post(down.app, notification([{ id: 'wamid.DOWN', body: 'Naranja navel cal 3 0,65€/kg 4 pal' }]));
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json()).toHaveProperty('code');
    } finally {
      await down.close();
    }
  });

  it('takes 2,000 messages in one signed call while /api/health keeps answering', async () => {
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const messages = Array.from({ length: 2000 }, (_, i) => ({
      id: `wamid.BULK${i}`,
      body: `Naranja navel cal ${1 + (i % 5)} 0,${50 + (i % 40)}€/kg ${1 + (i % 9)} pal\nLimón cal 4 granel 0,80 €/kg 6 pal`,
    }));
    const body = notification(messages);
    let worst = 0;
    let probes = 0;
    let failedProbes = 0;
    let stop = false;
    const prober = (async () => {
      while (!stop) {
        const t = performance.now();
        const r = await fetch(`${base}/api/health`);
        await r.arrayBuffer();
        if (r.status !== 200) failedProbes++;
        worst = Math.max(worst, performance.now() - t);
        probes++;
        // eslint-disable-next-line no-restricted-syntax -- real clock: the probe samples /api/health every 20 ms during the load.
        await new Promise((r2) => setTimeout(r2, 20));
      }
    })();
    const started = performance.now();
    const res = await fetch(`${base}${URL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, SECRET) },
      body,
    });
    const answeredMs = performance.now() - started;
    expect(res.status).toBe(200);
    // Stored before the answer: every message is there already.
    const stored = await ctx.db.$count(inboundMessages, eq(inboundMessages.source, 'whatsapp'));
    expect(stored).toBeGreaterThanOrEqual(2000);
    await ctx.app.intake.kick();
    let parsedMs = 0;
    await vi.waitFor(
      async () => {
        expect(await ctx.db.$count(inboundMessages, eq(inboundMessages.status, 'pending'))).toBe(0);
        expect(await ctx.db.$count(inboundMessages, eq(inboundMessages.status, 'parsing'))).toBe(0);
      },
      { timeout: 60_000, interval: 100 },
    );
    parsedMs = performance.now() - started;
    stop = true;
    await prober;
    const last = await settled('wamid.BULK1999');
    expect(last?.status).toBe('parsed');
    expect(await rowsOf(last!.id)).toHaveLength(2);
    console.info(
      `intake: 2,000 messages answered in ${Math.round(answeredMs)} ms, all parsed in ${Math.round(parsedMs)} ms; /api/health worst ${Math.round(worst)} ms over ${probes} probes`,
    );
    expect(probes).toBeGreaterThan(10);
    // Before, /api/health went unanswered for up to 54 s: now every probe is answered while the
    // messages are parsed. The latency itself (goal ≤ 200 ms) is `npm run bench:resilience`'s figure.
    expect(failedProbes).toBe(0);
  }, 180_000);
});
