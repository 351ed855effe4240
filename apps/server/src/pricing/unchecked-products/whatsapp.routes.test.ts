import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createSupplier } from '../../db/factories/backoffice.js';
import { inboundMessages, uncheckedProducts } from '../../db/schema/index.js';
import { sign } from './whatsapp-webhook.js';

const SECRET = 'test-app-secret-0123456789';
const TOKEN = 'verify-me-please';
const URL = '/api/webhooks/whatsapp';

let ctx: TestContext;
let supplierId: number;

beforeAll(async () => {
  ctx = await createTestApp({ whatsapp: { verifyToken: TOKEN, appSecret: SECRET, maxBodyBytes: 8_192 } });
  supplierId = (
    await createSupplier(ctx.db, {
      company: 'Huerta Test S.L.',
      products: ['CIT01'],
      contacts: [{ firstName: 'Lucía', lastName: 'Martínez', phone: '+34950123456', email: 'l@huerta.test' }],
    })
  ).id;
});
afterAll(() => ctx.close());

/** A Cloud API notification with text messages, as Meta sends it. */
function notification(messages: Array<{ id: string; from: string; body: string }>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: messages.map((m) => ({ profile: { name: 'Supplier' }, wa_id: m.from })),
              messages: messages.map((m) => ({ from: m.from, id: m.id, timestamp: '1763712000', type: 'text', text: { body: m.body } })),
            },
          },
        ],
      },
    ],
  });
}

const post = (body: string, signature: string | undefined) =>
  ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', ...(signature !== undefined ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });

/** The rows of a message once the intake has parsed everything stored (kick joins or starts a run). */
async function rowsOf(externalId: string) {
  await ctx.app.intake.kick();
  const found = await ctx.db
    .select({ row: uncheckedProducts })
    .from(uncheckedProducts)
    .innerJoin(inboundMessages, eq(inboundMessages.id, uncheckedProducts.messageId))
    .where(eq(inboundMessages.externalId, externalId));
  return found.map((f) => f.row);
}

describe('WhatsApp verification handshake', () => {
  it('echoes the challenge for the configured token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${URL}?hub.mode=subscribe&hub.verify_token=${TOKEN}&hub.challenge=1158201444` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('refuses a wrong token or mode with 403', async () => {
    for (const q of [`hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`, `hub.mode=unsubscribe&hub.verify_token=${TOKEN}&hub.challenge=1`, '']) {
      expect((await ctx.app.inject({ method: 'GET', url: `${URL}?${q}` })).statusCode).toBe(403);
    }
  });
});

describe('WhatsApp notifications', () => {
  it('imports a signed message from a supplier contact as rows of that supplier', async () => {
    const body = notification([
      { id: 'wamid.A1', from: '34950123456', body: 'Buenos días\nNaranja navel cal 3 0,65€/kg 4 pal\nClementina cal 1 cj 10kg 9,50€/cj' },
    ]);
    const res = await post(body, sign(body, SECRET));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const rows = await rowsOf('wamid.A1');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.supplierId === supplierId)).toBe(true);
    expect(rows[0]!.lookalike.productName?.code).toBe('CIT01');
  });

  it('leaves the supplier empty for an unknown number', async () => {
    const body = notification([{ id: 'wamid.B1', from: '447700900123', body: 'Lemons Turkey cal 3 €0.75/kg 3 pallets' }]);
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
    const rows = await rowsOf('wamid.B1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.supplierId).toBeNull();
  });

  it('imports a message id delivered twice only once', async () => {
    const body = notification([{ id: 'wamid.C1', from: '34950123456', body: 'Limón cal 4 0,80€/kg 6 pal' }]);
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
    expect(await rowsOf('wamid.C1')).toHaveLength(1);
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
    expect(await rowsOf('wamid.C1')).toHaveLength(1);
    const messages = await ctx.db.select().from(inboundMessages).where(eq(inboundMessages.externalId, 'wamid.C1'));
    expect(messages).toHaveLength(1);
  });

  it('refuses a missing, malformed or wrong signature with 401 and imports nothing', async () => {
    const body = notification([{ id: 'wamid.D1', from: '34950123456', body: 'Limón cal 4 0,80€/kg 6 pal' }]);
    for (const sig of [undefined, '', 'sha256=zz', 'sha1=abc', `sha256=${'0'.repeat(64)}`, sign(body, 'another-secret')]) {
      const res = await post(body, sig);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('BAD_SIGNATURE');
    }
    // A correct one afterwards proves the refusals were about the signature alone.
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
    expect(await rowsOf('wamid.D1')).toHaveLength(1);
  });

  it('refuses a valid signature replayed on another body', async () => {
    const original = notification([{ id: 'wamid.E1', from: '34950123456', body: 'Limón cal 4 0,80€/kg 6 pal' }]);
    const tampered = notification([{ id: 'wamid.E2', from: '34950123456', body: 'Limón cal 4 0,08€/kg 60 pal' }]);
    const res = await post(tampered, sign(original, SECRET));
    expect(res.statusCode).toBe(401);
    // Even one changed byte (whitespace) breaks it: the raw bytes are signed, not the parsed JSON.
    expect((await post(`${original} `, sign(original, SECRET))).statusCode).toBe(401);
    expect(await rowsOf('wamid.E2')).toHaveLength(0);
  });

  it('refuses an oversized body with 413', async () => {
    const body = notification([{ id: 'wamid.F1', from: '34950123456', body: 'x'.repeat(10_000) }]);
    const res = await post(body, sign(body, SECRET));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 200 to status updates without importing anything', async () => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.X', status: 'read' }] } }] }],
    });
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
  });

  it('refuses a signed body that is not JSON with 400', async () => {
    expect((await post('not json', sign('not json', SECRET))).statusCode).toBe(400);
  });

  it('stores each message on its own: a malformed one is kept as failed with its reason, the others are imported', async () => {
    const good = { from: '34950123456', id: 'wamid.H1', timestamp: '1763712000', type: 'text', text: { body: 'Limón cal 4 0,80€/kg 6 pal' } };
    const messages = [
      { ...good, id: 'wamid.H2', timestamp: '99999999999999999999', text: { body: 'Naranja cal 3 0,65€/kg 4 pal' } },
      good,
      { from: '34950123456', id: 'wamid.H3', timestamp: '1763712000', type: 'text' },
      { from: '34950123456', timestamp: '1763712000', type: 'text', text: { body: 'no id' } },
      { ...good, id: 'wamid.H4', timestamp: String(Math.floor(Date.now() / 1000) + 7 * 86_400) },
      'not an object',
      { ...good, id: 'wamid.H5', type: 'image', image: { id: 'media-1' } },
    ];
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ field: 'messages', value: { messages } }] }] });
    const res = await post(body, sign(body, SECRET));
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf('wamid.H1')).toHaveLength(1);

    const stored = await ctx.db.select().from(inboundMessages);
    const byId = (id: string) => stored.find((m) => m.externalId === id);
    expect(byId('wamid.H1')!.status).not.toBe('failed');
    expect(byId('wamid.H2')).toMatchObject({ status: 'failed', body: 'Naranja cal 3 0,65€/kg 4 pal' });
    expect(byId('wamid.H2')!.parseError).toContain('timestamp');
    expect(byId('wamid.H3')).toMatchObject({ status: 'failed' });
    expect(byId('wamid.H3')!.parseError).toContain('without its text');
    expect(byId('wamid.H4')!.parseError).toContain('timestamp');
    expect(byId('wamid.H5')).toBeUndefined();
    const synthetic = stored.filter((m) => m.externalId?.startsWith('invalid:'));
    expect(synthetic).toHaveLength(2);
    expect(synthetic.every((m) => m.status === 'failed' && m.parseError)).toBe(true);

    // The operator sees them among the unparsed messages, with the reason.
    const admin = (await signedIn(ctx, { category: 'admin' })).cookie;
    const unparsed = (
      await ctx.app.inject({ url: '/api/intern/userProduct/supplier/unchecked/messages/unparsed', headers: { cookie: admin } })
    ).json() as Array<{
      status: string;
      error: string | null;
      body: string;
    }>;
    expect(unparsed.find((m) => m.body === 'Naranja cal 3 0,65€/kg 4 pal')).toMatchObject({ status: 'failed', error: expect.stringContaining('timestamp') });

    // Meta's redelivery of the same call is answered 200 and stores nothing twice.
    expect((await post(body, sign(body, SECRET))).statusCode).toBe(200);
    expect(await ctx.db.select().from(inboundMessages)).toHaveLength(stored.length);
  });
});

describe('WhatsApp webhook without secrets', () => {
  it('is off: 404 for the handshake and for notifications', async () => {
    const off = await createTestApp();
    try {
      const get = await off.app.inject({ method: 'GET', url: `${URL}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` });
      expect(get.statusCode).toBe(404);
      const body = notification([{ id: 'wamid.G1', from: '34950123456', body: 'Limón 0,80€/kg' }]);
      expect(
        (
          await off.app.inject({
            method: 'POST',
            url: URL,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, '') },
            payload: body,
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
