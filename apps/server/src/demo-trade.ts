import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { AUCTION_DURATION_MS, isoDay } from '@primeur/shared';
import type { Db, Executor } from './db/client.js';
import { createOffer, createProduct } from './db/factories/listings.js';
import {
  articles,
  claimHistory,
  claims,
  events,
  invoices,
  notifications,
  orderHistory,
  orders,
  outbox,
  packagings,
  products,
  users,
} from './db/schema/index.js';
import { mailDeliveryProcessor } from './documents/email/delivery.js';
import { drain } from './events/events.js';
import { claimMessagesProcessor } from './trading/claims/claims.messages.js';
import { drawProducePhoto } from './lib/png.js';
import type { Mailer } from './documents/email/mailer.js';
import type { SessionUser } from './plugins/session.js';
import { InProcessEventBus } from './realtime/event-bus.js';
import { closeAuctions } from './trading/auctions/auction-closer.js';
import * as claimsService from './trading/claims/claims.service.js';
import { completeRow } from './trading/invoicing/invoicing.issuing.js';
import { ensureCreditNote, ensureOrderInvoice } from './trading/invoicing/invoicing.repository.js';
import { PhotoStore, checkPhoto, reencodePhoto } from './media/photos.js';
import * as orderService from './trading/orders/orders.service.js';
import { palletLoad } from './db/seed/listings.js';
import { D, DEMO_TRADES, H, HUERTA, type DemoTrade } from './demo-trades.js';

/**
 * The trade after the sale for the demo (decision 900; here beside app.ts, not in db/seed, because it
 * composes modules as app.ts does, which the db layer may not import): orders in every state, a shipment with its
 * CMR data, receipts, claims (one open, one settled with its credit note), invoices and a
 * cancellation. Everything goes through the real service functions (auction close, ship, receive,
 * cancel, claims, invoicing), so numbers, snapshots, history and outbox rows are the app's own; only
 * the clock is moved afterwards: each step's rows are re-dated to when the step "happened".
 * Invoice PDFs are not rendered here: the invoicing job's sweep renders them at start-up. The sales
 * themselves, as data, are in demo-trades.ts.
 */

export { DEMO_TRADES };

/** The seed sends nothing: what it queues stays in the outbox, as the app does without SMTP. */
const outboxOnly: Mailer = { mode: 'outbox', send: () => Promise.reject(new Error('the demo seed sends no mail')), close: () => {} };

export interface TradeSeedOptions {
  dataDir?: string;
  claimWindowMs?: number;
  now?: number;
  warn?: (msg: string) => void;
}

export async function seedTrade(db: Db, opts: TradeSeedOptions = {}): Promise<{ orderIds: number[] }> {
  const now = opts.now ?? Date.now();
  const warn = opts.warn ?? console.warn;
  const claimWindowMs = opts.claimWindowMs ?? 24 * H;
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'primeur-demo-')));
  const log = { error: (o: object, m: string) => console.error(m, o) };
  const deps: claimsService.ClaimDeps = {
    db,
    bus: new InProcessEventBus(),
    mailer: outboxOnly,
    log,
    claimWindowMs,
    purchaseRequestTtlMs: 48 * H,
    photos: new PhotoStore(dataDir),
    claimPhotos: new PhotoStore(dataDir, 'claim-photos'),
  };
  /** A step given in ms ago, or (negative) as a fraction of the claim window ago. */
  const when = (ago: number) => new Date(now - (ago < 0 ? -ago * claimWindowMs : ago));

  const emails = [...new Set(DEMO_TRADES.flatMap((t) => [t.seller, t.buyer, ...t.bids.map((b) => b[0])]))];
  const people = await db
    .select({ id: users.id, email: users.email, category: users.category, companyName: users.companyName })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((u) => [u.email, u]));
  const session = (email: string): SessionUser => {
    const u = byEmail.get(email)!;
    return { id: u.id, email: u.email, category: u.category, companyName: u.companyName ?? '', sessionId: 'demo-seed' };
  };
  // Trades of companies the seed did not make (listings come only with a data dir) are left out.
  const trades = DEMO_TRADES.filter((t) => byEmail.has(t.seller) && byEmail.has(t.buyer));

  // 1. Each lot as an auction that ended at its sale's time, with its bids, closed by the real closer
  // (EXPIRED with its order, in one transaction): one at a time, so the numbers follow the sales.
  const orderIds: number[] = [];
  const sold: DemoTrade[] = [];
  for (const t of trades) {
    const [article] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(sql`lower(${articles.article}) = lower(${t.article})`)
      .limit(1);
    const [packaging] = await db.select({ id: packagings.id }).from(packagings).where(eq(packagings.name, t.packaging)).limit(1);
    if (!article || !packaging) {
      warn(`demo trade "${t.name}" skipped: ${!article ? `article "${t.article}"` : `packaging "${t.packaging}"`} is not in the catalog`);
      continue;
    }
    const endsAt = new Date(now - t.endedAgo);
    const start = new Date(endsAt.getTime() - AUCTION_DURATION_MS);
    const load = palletLoad(t.packaging);
    const lot = await createProduct(db, {
      supplierId: byEmail.get(t.seller)!.id,
      articleId: article.id,
      packagingId: packaging.id,
      origin: t.seller === HUERTA ? 'ES' : t.seller === 'agrumi@example.com' ? 'IT' : 'FR',
      name: t.name,
      description: 'Sold at auction.',
      caliber: t.caliber,
      price: t.startPrice,
      quantity: t.pallets,
      netKgPerPallet: load.kgPerPallet,
      boxesPerPallet: load.boxes,
      netKgPerBox: load.kgPerBox,
      availableUntil: isoDay(new Date(endsAt.getTime() + 7 * D)),
      auctionStartDate: start,
      createdAt: start,
    });
    for (const [j, [bidder, amount]] of t.bids.entries()) {
      await createOffer(db, lot.id, byEmail.get(bidder)!.id, amount, new Date(start.getTime() + ((j + 1) / (t.bids.length + 1)) * AUCTION_DURATION_MS));
    }
    const t0 = await clock(db);
    const closed = await closeAuctions(db);
    const orderId = closed.find((c) => c.productId === lot.id)?.orderId;
    if (!orderId) throw new Error(`demo trade "${t.name}": the auction close made no order`);
    await db.update(products).set({ closedAt: endsAt, updatedAt: endsAt }).where(eq(products.id, lot.id));
    await redate(deps, orderId, endsAt, { createdAt: endsAt }, t0);
    orderIds.push(orderId);
    sold.push(t);
  }

  // 3. What happened to each order afterwards, step by step, each step re-dated.
  for (const [i, t] of sold.entries()) {
    const id = orderIds[i]!;
    const seller = session(t.seller);
    const buyer = session(t.buyer);
    let claimId: number | null = null;
    // The claim window runs from the delivery: an order with a claim to file gets its date after it.
    let deliveredLater: Date | null = null;
    for (const s of t.steps) {
      const at = when(s.at);
      const t0 = await clock(db);
      switch (s.kind) {
        case 'ship': {
          const [carrier] = await orderService.carriers(db);
          await orderService.ship(deps, seller, id, {
            pallets: t.pallets,
            netKg: s.netKg,
            departureDate: isoDay(at),
            vehiclePlate: s.plate,
            carrierId: carrier?.id ?? null,
          });
          await redate(deps, id, at, { shippedAt: at }, t0);
          break;
        }
        case 'receive': {
          await claimsService.receive(deps, buyer, id, {
            pallets: s.pallets ?? t.pallets,
            netKg: s.netKg,
            receivedAt: at.toISOString(),
            ...(s.differences ? { differences: s.differences } : {}),
          });
          if (t.steps.some((x) => x.kind === 'claim')) deliveredLater = at;
          await redate(deps, id, at, deliveredLater ? {} : { deliveredAt: at }, t0);
          break;
        }
        case 'invoice': {
          await issueAt(deps, id, at, t0, (tx, o) => ensureOrderInvoice(tx, o));
          break;
        }
        case 'close': {
          await orderService.runLifecycle(deps);
          await redate(deps, id, at, { closedAt: at }, t0);
          break;
        }
        case 'cancel': {
          await orderService.cancel(deps, s.by === 'buyer' ? buyer : seller, id, { reason: s.reason });
          await redate(deps, id, at, { cancelledAt: at }, t0);
          break;
        }
        case 'claim': {
          const photos = [];
          for (let k = 0; k < 2; k++) {
            const name = `dock-${k + 1}.png`;
            photos.push(await reencodePhoto(name, checkPhoto(name, drawProducePhoto(t.colour, 31 * (i + 1) + k))));
          }
          const claim = await claimsService.file(
            deps,
            buyer,
            id,
            { reasons: s.reasons, pallets: s.pallets, description: s.description, creditAsked: s.creditAsked },
            photos,
          );
          claimId = claim.id;
          await db.update(claims).set({ createdAt: at, updatedAt: at }).where(eq(claims.id, claimId));
          await redate(deps, id, at, deliveredLater ? { deliveredAt: deliveredLater } : {}, t0);
          break;
        }
        case 'propose': {
          await claimsService.act(deps, seller, id, claimId!, 'propose', { credit: s.credit, note: s.note });
          await db.update(claims).set({ updatedAt: at }).where(eq(claims.id, claimId!));
          await redate(deps, id, at, {}, t0);
          break;
        }
        case 'acceptProposal': {
          await claimsService.act(deps, buyer, id, claimId!, 'accept', {});
          await db.update(claims).set({ updatedAt: at, settledAt: at }).where(eq(claims.id, claimId!));
          await redate(deps, id, at, { closedAt: at }, t0);
          break;
        }
        case 'creditNote': {
          await issueAt(deps, id, at, t0, (tx, o) => ensureCreditNote(tx, { claimId: claimId!, order: o }));
          break;
        }
      }
    }
  }
  return { orderIds };
}

/**
 * Issues an invoice or a credit note of the order through the invoicing module (the row `make`
 * creates, completed at `at`'s day), then re-dates it and the order to `at`.
 */
async function issueAt(
  deps: claimsService.ClaimDeps,
  id: number,
  at: Date,
  t0: Date,
  make: (tx: Executor, order: typeof orders.$inferSelect) => Promise<number>,
) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, id));
    await completeRow(tx, await make(tx, o!), isoDay(at));
  });
  await db
    .update(invoices)
    .set({ createdAt: at, updatedAt: at })
    .where(and(eq(invoices.orderId, id), gte(invoices.createdAt, t0)));
  await redate(deps, id, at, {}, t0);
}

/**
 * Moves what one step wrote to the step's time: the order's own timestamps given, and the order
 * history, claim history, notices and e-mails written since `t0` (the seed runs alone).
 */
async function redate(deps: claimsService.ClaimDeps, orderId: number, at: Date, columns: Partial<typeof orders.$inferInsert>, t0: Date) {
  const { db } = deps;
  // The step's events first make their notices and e-mails (as the app's processors would), which are re-dated with it.
  await drain(db, [
    orderService.orderMessagesProcessor(deps),
    claimMessagesProcessor(deps),
    orderService.relistedPhotosProcessor(deps),
    mailDeliveryProcessor({
      mailer: deps.mailer,
      messageIdDomain: 'primeur.invalid',
      renderers: { 'order-confirmation': orderService.renderConfirmationAttachment },
    }),
  ]);
  await db
    .update(orders)
    .set({ ...columns, updatedAt: at })
    .where(eq(orders.id, orderId));
  const since = t0;
  await db
    .update(orderHistory)
    .set({ at })
    .where(and(eq(orderHistory.orderId, orderId), gte(orderHistory.at, since)));
  await db
    .update(claimHistory)
    .set({ at })
    .where(and(gte(claimHistory.at, since), sql`${claimHistory.claimId} in (select id from claims where order_id = ${orderId})`));
  await db.update(notifications).set({ createdAt: at }).where(gte(notifications.createdAt, since));
  await db.update(outbox).set({ createdAt: at }).where(gte(outbox.createdAt, since));
  await db.update(events).set({ at }).where(gte(events.at, since));
}

/** The database's clock now (rows written after this instant belong to the next step). */
async function clock(db: Db): Promise<Date> {
  const [row] = (await db.execute<{ t0: string }>(sql`select clock_timestamp()::text as t0`)).rows;
  return new Date(row!.t0);
}
