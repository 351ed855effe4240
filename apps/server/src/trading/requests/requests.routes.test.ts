import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleByCode, createSupplier } from '../../db/factories/backoffice.js';
import { outbox, productRequests } from '../../db/schema/index.js';
import { eventsOf } from '../../events/events.js';
import { createTestApp, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { headersOf, partOf, startSmtpServer } from '../../../test/smtp.js';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
let smtp: Smtp;
let ctx: TestContext;
let admin: string;
let clementine: number;
const contacts = { lucia: 0, pedro: 0, jean: 0, anne: 0, other: 0 };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Primeur <orders@primeur.test>' });
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
  clementine = (await articleByCode(ctx.db, 'CIT04')).id;
  const es = await createSupplier(ctx.db, {
    company: 'Huerta del Sol',
    country: 'ES',
    products: ['CIT04'],
    contacts: [
      { firstName: 'Lucía', lastName: 'García', email: 'lucia@huerta.test' },
      { firstName: 'Pedro', lastName: 'Ruiz', email: 'pedro@huerta.test' },
    ],
  });
  const fr = await createSupplier(ctx.db, {
    company: 'Vergers <b>& Co</b>',
    country: 'FR',
    products: ['CIT04'],
    contacts: [{ firstName: 'Jean\r\nBcc: victim@evil.test', lastName: 'Martin', email: 'jean@vergers.test' }],
  });
  const nl = await createSupplier(ctx.db, {
    company: 'Dutch Fresh',
    country: 'NL',
    products: ['CIT04'],
    contacts: [{ firstName: 'Anne', lastName: 'Visser', email: 'reject-anne@dutch.test' }],
  });
  const other = await createSupplier(ctx.db, { company: 'No Clementines', country: 'ES', products: ['TOM01'], contacts: [{ email: 'x@other.test' }] });
  const ids = async (id: number) =>
    (await ctx.db.query.contacts.findMany({ where: (t, { eq }) => eq(t.companyId, id), orderBy: (t, { asc }) => asc(t.id) })).map((c) => c.id);
  const [lucia, pedro] = await ids(es.id);
  Object.assign(contacts, { lucia, pedro, jean: (await ids(fr.id))[0], anne: (await ids(nl.id))[0], other: (await ids(other.id))[0] });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const messageIds = () => smtp.received.map((m) => headersOf(m.raw)['message-id']);
const queuedEvents = async (id: number) => (await eventsOf(ctx.db, 'mail', id)).map((e) => e.name);
const send = (payload: object, cookie = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/email/intern/requestProduct/send', headers: { cookie }, payload });
const valid = () => ({ product: clementine, caliber: '1X', volume: 4, startDate: '2026-12-01', endDate: '2026-12-15', contacts: [contacts.lucia] });

describe('POST /api/email/intern/requestProduct/send through a real SMTP server', () => {
  it('sends one message per chosen contact in the language of the supplier country', async () => {
    smtp.received.length = 0;
    const res = await send({ ...valid(), contacts: [contacts.lucia, contacts.jean] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.messages.map((m: { status: string }) => m.status)).toEqual(['sent', 'sent']);
    expect(smtp.received).toHaveLength(2);
    const toLucia = smtp.received.find((m) => m.to.includes('lucia@huerta.test'))!;
    const toJean = smtp.received.find((m) => m.to.includes('jean@vergers.test'))!;
    expect(toLucia.to).toEqual(['lucia@huerta.test']);
    expect(toLucia.from).toBe('orders@primeur.test');
    expect(headersOf(toLucia.raw).subject).toBe('Solicitud de producto: Clementina, calibre 1X');
    const es = partOf(toLucia.raw, 'text/plain');
    expect(es).toContain('Hola, Lucía García:');
    expect(es).toContain('Producto: Clementina');
    expect(es).toContain('Calibre: 1X');
    expect(es).toContain('Volumen: 4 palés');
    expect(es).toContain('del 1 de diciembre de 2026 al 15 de diciembre de 2026');
    expect(headersOf(toJean.raw).subject).toBe('Demande de produit : Clémentine, calibre 1X');
    expect(partOf(toJean.raw, 'text/plain')).toContain('du 1 décembre 2026 au 15 décembre 2026');
  });

  it('names the packaging and the box in the supplier language (decision 640)', async () => {
    smtp.received.length = 0;
    const items = async (url: string) => (await ctx.app.inject({ url, headers: { cookie: admin } })).json() as Array<{ id: number; name: string }>;
    const bulk = (await items('/api/intern/productList/packaging/getAll')).find((p) => p.name === 'bulk')!;
    const crate = (await items('/api/intern/productList/box/getAll')).find((b) => b.name === 'Wooden crate 40×60')!;
    const res = await send({ ...valid(), packaging: bulk.id, box: crate.id, contacts: [contacts.lucia, contacts.jean] });
    expect(res.statusCode).toBe(201);
    const es = partOf(smtp.received.find((m) => m.to.includes('lucia@huerta.test'))!.raw, 'text/plain');
    const fr = partOf(smtp.received.find((m) => m.to.includes('jean@vergers.test'))!.raw, 'text/plain');
    expect(es).toContain('granel');
    expect(es).toContain('Caja de madera 40×60');
    expect(fr).toContain('vrac');
    expect(fr).toContain('Cagette bois 40×60');
    expect(fr).not.toContain('Wooden crate');
  });

  it('lets no name or value inject a header or markup', async () => {
    smtp.received.length = 0;
    const res = await send({ ...valid(), caliber: '<script>x</script>', contacts: [contacts.jean] });
    expect(res.statusCode).toBe(201);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['jean@vergers.test']);
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(head).not.toMatch(/^bcc:/im);
    expect(headersOf(mail!.raw).to).toContain('Jean Bcc: victim@evil.test Martin');
    const html = partOf(mail!.raw, 'text/html');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('Vergers &lt;b&gt;&amp; Co&lt;/b&gt;');
    expect(html).not.toContain('<script>');
  });

  it('records a refused recipient as failed with the error, and still sends the others', async () => {
    smtp.received.length = 0;
    const res = await send({ ...valid(), contacts: [contacts.anne, contacts.pedro] });
    expect(res.statusCode).toBe(201);
    const [anne, pedro] = res.json().messages;
    expect(anne).toMatchObject({ to: 'reject-anne@dutch.test', status: 'failed', language: 'en', subject: 'Product request: Clementine, caliber 1X' });
    expect(anne.error).toMatch(/550|Mailbox unavailable/);
    expect(pedro).toMatchObject({ to: 'pedro@huerta.test', status: 'sent', language: 'es' });
    expect(smtp.received.map((m) => m.to)).toEqual([['pedro@huerta.test']]);

    // Once the mailbox accepts again, the failed message can be sent again; a sent one cannot.
    smtp.setRejecting(false);
    const retry = (id: number) => ctx.app.inject({ method: 'POST', url: `/api/email/intern/outbox/${id}/retry`, headers: { cookie: admin } });
    const again = await retry(anne.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: anne.id, status: 'sent', error: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['pedro@huerta.test'], ['reject-anne@dutch.test']]);
    expect((await retry(anne.id)).json().code).toBe('ALREADY_SENT');
    expect((await retry(999999)).statusCode).toBe(404);
    smtp.setRejecting(true);
  });

  it('answers with each message status at once, and each leaves once even with the mail-delivery processor right after', async () => {
    smtp.received.length = 0;
    const res = await send({ ...valid(), contacts: [contacts.lucia, contacts.pedro] });
    expect(res.statusCode).toBe(201);
    const ids = (res.json().messages as Array<{ id: number; status: string }>).map((m) => {
      expect(m.status).toBe('sent');
      return m.id;
    });
    expect(smtp.received).toHaveLength(2);
    // Each was queued with its event in the request's transaction (a stop after the commit leaves it to the processor).
    for (const id of ids) expect(await queuedEvents(id)).toEqual(['mail.queued']);
    // The processor takes those events next: it finds the messages sent and sends nothing again.
    await settle(ctx);
    expect(smtp.received).toHaveLength(2);
    expect(messageIds().sort()).toEqual(ids.map((id) => `<outbox-${id}@primeur.test>`).sort());

    // The processor's passes alongside the request: whichever takes a message first sends it, once.
    smtp.received.length = 0;
    const sending = send({ ...valid(), contacts: [contacts.lucia, contacts.jean] });
    for (let i = 0; i < 5; i++) await settle(ctx);
    const again = await sending;
    await settle(ctx);
    expect(again.statusCode).toBe(201);
    const raced = again.json().messages as Array<{ id: number; status: string }>;
    expect(raced.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(smtp.received).toHaveLength(2);
    expect(messageIds().sort()).toEqual(raced.map((m) => `<outbox-${m.id}@primeur.test>`).sort());
  });

  it('sends a message again once: requeued with a new event, sent at once, left alone by the processor', async () => {
    smtp.received.length = 0;
    const res = await send({ ...valid(), contacts: [contacts.anne] });
    const [anne] = res.json().messages as Array<{ id: number; status: string }>;
    expect(anne).toMatchObject({ status: 'failed' });
    // The processor leaves a failed message alone: only the operator sends it again.
    await settle(ctx);
    expect(smtp.received).toHaveLength(0);
    smtp.setRejecting(false);
    try {
      const again = await ctx.app.inject({ method: 'POST', url: `/api/email/intern/outbox/${anne!.id}/retry`, headers: { cookie: admin } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: anne!.id, status: 'sent', error: null });
      expect(await queuedEvents(anne!.id)).toEqual(['mail.queued', 'mail.queued']);
      await settle(ctx);
      expect(smtp.received.map((m) => m.to)).toEqual([['reject-anne@dutch.test']]);
      expect(messageIds()).toEqual([`<outbox-${anne!.id}@primeur.test>`]);
    } finally {
      smtp.setRejecting(true);
    }
  });

  it('refuses an invalid request and records nothing', async () => {
    const before = [await ctx.db.$count(productRequests), await ctx.db.$count(outbox)];
    const bad: object[] = [
      { ...valid(), caliber: '' },
      { ...valid(), caliber: undefined },
      { ...valid(), volume: undefined },
      { ...valid(), volume: 0 },
      { ...valid(), volume: 1.2345 },
      { ...valid(), contacts: [] },
      { ...valid(), contacts: [contacts.lucia, contacts.lucia] },
      { ...valid(), contacts: [contacts.other] },
      { ...valid(), contacts: [999999] },
      { ...valid(), startDate: '2026-12-16' },
      { ...valid(), packaging: 999999 },
      { ...valid(), box: 999999 },
      { ...valid(), product: 999999 },
    ];
    for (const payload of bad) expect((await send(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await send(valid(), buyer)).statusCode).toBe(403);
    expect([await ctx.db.$count(productRequests), await ctx.db.$count(outbox)]).toEqual(before);
  });
});

describe('without SMTP_URL', () => {
  it('keeps the messages in the outbox that admins read', async () => {
    const local = await createTestApp();
    try {
      const cookie = (await signedIn(local, { category: 'admin' })).cookie;
      const s = await createSupplier(local.db, {
        country: 'DE',
        products: ['CIT04'],
        contacts: [{ firstName: 'Jonas', lastName: 'Weber', email: 'jonas@obst.test' }],
      });
      const contact = (await local.db.query.contacts.findFirst({ where: (t, { eq }) => eq(t.companyId, s.id) }))!;
      const product = (await articleByCode(local.db, 'CIT04')).id;
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/email/intern/requestProduct/send',
        headers: { cookie },
        payload: { product, caliber: '2', volume: 1.5, startDate: '2026-12-01', endDate: '2026-12-02', contacts: [contact.id] },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().messages).toEqual([expect.objectContaining({ status: 'outbox', to: 'jonas@obst.test', language: 'de' })]);
      const list = await local.app.inject({ method: 'GET', url: '/api/email/intern/outbox', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      const [msg] = list.json().content;
      expect(msg).toMatchObject({ status: 'outbox', subject: 'Produktanfrage: Clementine, Kaliber 2', to: 'jonas@obst.test' });
      expect(msg.text).toContain('Menge: 1,5 Paletten');
      expect(list.json().total).toBe(1);
      const retry = await local.app.inject({ method: 'POST', url: `/api/email/intern/outbox/${msg.id}/retry`, headers: { cookie } });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().code).toBe('MAIL_NOT_CONFIGURED');
    } finally {
      await local.close();
    }
  });
});
