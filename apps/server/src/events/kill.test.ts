import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { createUser } from '../db/factories.js';
import { createAuction } from '../db/factories/listings.js';
import { eventCursors, events, invoices, notifications, orders, outbox } from '../db/schema/index.js';
import { createOrder } from '../trading/orders/orders.service.js';
import { freshDatabase } from '../../test/database.js';
import { ensureServerBuilt, freePort, httpLogin, startServer, type ServerProcess } from '../../test/server-process.js';
import { headersOf, startSmtpServer } from '../../test/smtp.js';

/**
 * Issue 33's fault: an instance killed between a step's commit and its processors loses nothing and
 * sends nothing twice. The compiled server (a child process) on PostgreSQL, a real SMTP server on
 * loopback; 20 rounds of one order step over HTTP, each followed by SIGKILL and a restart — at once
 * after the answer, after the step's notices are written, or after one of its e-mails is sent. Then every order step
 * has made each party's bell notice once, each e-mail has reached the SMTP server under one
 * Message-ID, and each delivered order has one invoice.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) console.info('kill.test: skipped — needs TEST_DATABASE_URL');

const ORDERS = 10;
const ROUNDS = 20;

describe.runIf(PG_URL)('an instance killed between a commit and its processors, 20 times', () => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: ServerProcess;
  let port: number;
  let env: Record<string, string>;
  const orderIds: number[] = [];
  let seller: Awaited<ReturnType<typeof createUser>>;
  let buyer: Awaited<ReturnType<typeof createUser>>;

  const start = async () => {
    server = startServer(port, env);
    await server.ready(120_000);
  };
  const kill = async () => {
    server.proc.kill('SIGKILL');
    await server.exited;
  };

  beforeAll(async () => {
    await ensureServerBuilt();
    smtp = await startSmtpServer();
    database = await freshDatabase();
    port = await freePort();
    env = {
      DATABASE_URL: (database.pool!.options as { connectionString: string }).connectionString,
      SMTP_URL: smtp.url,
      AUCTION_CLOSE_INTERVAL_MS: '0',
      ALERTS_INTERVAL_MS: '0',
      // The processors are woken by each commit; the tick is the fallback after a restart.
      EVENTS_INTERVAL_MS: '500',
    };
    seller = await createUser(database.db, { category: 'supplier', country: 'ES', vatId: 'ESB04111111', companyName: 'Huerta de Almería S.L.' });
    buyer = await createUser(database.db, { category: 'client', country: 'FR', vatId: 'FR23334175221', companyName: 'Primeurs de Rungis' });
    for (let i = 0; i < ORDERS; i++) {
      const lot = await createAuction(database.db, { supplierId: seller.id, quantity: 6, name: `Tomates ${i}` });
      const o = await database.db.transaction((tx) =>
        createOrder(tx, { source: 'AUCTION', productId: lot.id, buyerId: buyer.id, pallets: 6, pricePerKg: 1.5, actor: 'SYSTEM' }),
      );
      orderIds.push(o.id);
    }
    await start();
  }, 180_000);

  afterAll(async () => {
    if (server && !server.done) await kill();
    await smtp?.close();
    await database?.close();
  });

  const noticesOf = async (orderId: number, step: string) =>
    (
      await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(sql`${notifications.dedupeKey} like ${`order:${orderId}:${step}:%`}`)
    )[0]!.n;
  const sentOf = async (orderId: number, step: string) => {
    const [o] = await database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
    const rows = await database.db
      .select({ status: outbox.status, subject: outbox.subject })
      .from(outbox)
      .where(sql`${outbox.subject} like ${`%${o!.number}%`}`);
    // The step's e-mails are the ones queued after the confirmation's two: count those sent beyond them.
    return rows.filter((r) => r.status === 'sent').length - (step === 'shipped' ? 2 : 4);
  };

  it('makes every notice, e-mail and invoice once', async () => {
    const answers: number[] = [];
    // Sessions live in the database: each party signs in once, and its session outlives every kill.
    const cookies = new Map<number, string>();
    for (let round = 0; round < ROUNDS; round++) {
      const id = orderIds[round % ORDERS]!;
      const shipping = round < ORDERS;
      const who = shipping ? seller : buyer;
      if (!cookies.has(who.id)) cookies.set(who.id, await httpLogin(server.base, who.email, who.password));
      const cookie = cookies.get(who.id)!;
      const res = await fetch(`${server.base}/api/users/orders/${id}/${shipping ? 'ship' : 'receive'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(
          shipping
            ? { pallets: 6, netKg: 4800, departureDate: new Date().toISOString().slice(0, 10), vehiclePlate: `KILL-${round}` }
            : { pallets: 6, netKg: 4800 },
        ),
      });
      answers.push(res.status);
      // The step is committed (its answer came). The kill lands, by round: at once (before the
      // processors, most often); once the step's notices are written (order-messages committed, its
      // e-mails queued, perhaps not sent); once one of its e-mails is sent (mail-delivery mid-way).
      const step = shipping ? 'shipped' : 'delivered';
      if (round % 3 === 1) await expect.poll(() => noticesOf(id, step), { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
      if (round % 3 === 2) await expect.poll(() => sentOf(id, step), { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
      await kill();
      await start();
    }
    expect(answers).toEqual(Array(ROUNDS).fill(200));

    // The last instance takes whatever the killed ones left: every processor's cursor reaches the last
    // event, no e-mail is left pending.
    const [last] = await database.db
      .select({ id: events.id })
      .from(events)
      .orderBy(sql`${events.txid} desc, ${events.id} desc`)
      .limit(1);
    await expect
      .poll(
        async () => {
          const cursors = await database.db.select().from(eventCursors);
          const [pending] = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(eq(outbox.status, 'pending'));
          return cursors.length >= 5 && cursors.every((c) => c.position >= last!.id) && pending!.n === 0;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);

    // Notices: each step (confirmed, shipped, delivered) once per party and order.
    const notes = await database.db
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(inArray(notifications.userId, [seller.id, buyer.id]));
    for (const id of orderIds) {
      for (const step of ['confirmed', 'shipped', 'delivered']) {
        for (const userId of [seller.id, buyer.id])
          expect(
            notes.filter((n) => n.key === `order:${id}:${step}:${userId}`),
            `${step} ${id} ${userId}`,
          ).toHaveLength(1);
      }
    }
    // E-mails: one outbox row per party and step, each sent, each received under its own Message-ID.
    const numbers = (await database.db.select({ number: orders.number }).from(orders).where(inArray(orders.id, orderIds))).map((o) => o.number);
    const mails = await database.db.select().from(outbox);
    const ours = mails.filter((m) => numbers.some((n) => m.subject.includes(n)));
    expect(ours).toHaveLength(ORDERS * 3 * 2);
    expect(ours.every((m) => m.status === 'sent')).toBe(true);
    const received = smtp.received.map((m) => headersOf(m.raw)['message-id']);
    const distinct = new Set(received);
    for (const m of ours) expect(distinct.has(m.messageId!), `outbox ${m.id} received`).toBe(true);
    expect(distinct.size).toBe(ours.length);
    const resent = received.length - distinct.size;
    console.info(
      `kill test: ${ROUNDS} kills, ${ours.length} e-mails received under ${distinct.size} Message-IDs (${resent} sent again after a kill mid-send, ${smtp.errors.length} SMTP connections cut mid-message)`,
    );
    // Invoices: one per delivered order.
    const issued = await database.db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(and(inArray(invoices.orderId, orderIds), eq(invoices.kind, 'INVOICE')));
    expect(issued.map((i) => i.orderId).sort((a, b) => a! - b!)).toEqual([...orderIds].sort((a, b) => a - b));
  }, 600_000);
});
