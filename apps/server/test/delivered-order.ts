import { vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { countries, eventFailures, invoices, orders, users } from '../src/db/schema/index.js';
import { drain, emit } from '../src/events/events.js';
import { invoicingProcessor, type IssueDeps } from '../src/trading/invoicing/invoicing.issuing.js';

/**
 * A DELIVERED order between two accounts written directly, its parties snapshotted from their
 * current company data (the invoicing tests need many orders, not an auction each), with the
 * `order.delivered` event the orders module writes with a delivery (invoicing reacts to it), unless
 * `event: false` (a test that writes the order's history itself).
 */
export async function deliveredOrder(db: Db, sellerId: number, buyerId: number, netKg: number, price: number, o: { event?: boolean } = {}) {
  const snap = async (userId: number) => {
    const [u] = await db
      .select({ u: users, alpha2: countries.alpha2 })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(eq(users.id, userId));
    const country = u!.alpha2 ?? 'FR';
    return {
      userId,
      companyName: u!.u.companyName,
      address: u!.u.address,
      postalCode: u!.u.postalCode,
      city: 'Ciudad',
      countryAlpha2: country,
      countryName: country,
      vatId: u!.u.vatId,
      email: u!.u.email,
    };
  };
  const buyer = await snap(buyerId);
  const [row] = await db
    .insert(orders)
    .values({
      number: `PRM-T-${Math.random().toString(36).slice(2, 10)}`,
      status: 'DELIVERED',
      source: 'PURCHASE_REQUEST',
      buyerId,
      sellerId,
      buyer,
      seller: await snap(sellerId),
      lot: {
        productId: 0,
        articleId: 0,
        article: { en: 'Tomato', fr: 'Tomate', de: 'Tomate', es: 'Tomate' },
        title: 'Tomate Raf',
        caliber: 'M',
        originAlpha2: 'ES',
        originName: 'Spain',
        packaging: 'box',
        photo: null,
        netKgPerPallet: 800,
        boxesPerPallet: null,
        netKgPerBox: null,
        qualityClass: null,
      },
      pallets: 1,
      pricePerKg: price.toFixed(2),
      amount: (netKg * price).toFixed(2),
      incoterm: 'FCA',
      incotermPlace: 'El Ejido, ES',
      deliveryAddress: { address: buyer.address, postalCode: buyer.postalCode, city: 'Ciudad', countryAlpha2: buyer.countryAlpha2 },
      shippedPallets: 1,
      shippedNetKg: netKg.toFixed(2),
      receivedPallets: 1,
      receivedNetKg: netKg.toFixed(2),
      shippedAt: new Date(Date.now() - 86_400_000),
      receivedAt: new Date(),
      deliveredAt: new Date(),
    })
    .returning();
  if (o.event !== false)
    await emit(db, {
      name: 'order.delivered',
      subject: 'order',
      subjectId: row!.id,
      payload: { orderId: row!.id, number: row!.number, from: 'SHIPPED', to: 'DELIVERED' },
      companyIds: [sellerId, buyerId],
    });
  return row!;
}

/** A claim on the order settled with a credit (the claims module's table, written directly), with its `claim.decided` event. */
export async function settledClaim(db: Db, orderId: number, credit: number): Promise<number> {
  const res = await db.execute(
    sql`insert into claims (order_id, status, reasons, description, credit_asked, settled_credit, settled_at)
        values (${orderId}, 'SETTLED', '["BRUISING"]'::jsonb, 'Bruised', ${credit.toFixed(2)}, ${credit.toFixed(2)}, now()) returning id`,
  );
  const claimId = Number((res.rows[0] as { id: number }).id);
  const [o] = await db.select({ sellerId: orders.sellerId, buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId));
  await emit(db, {
    name: 'claim.decided',
    subject: 'claim',
    subjectId: claimId,
    payload: { claimId, orderId, step: 'decided' },
    companyIds: [o!.sellerId, o!.buyerId].filter((id): id is number => id !== null),
  });
  return claimId;
}

/**
 * The invoicing processor on the events written so far, as the app runs it after their commit: the
 * delivered orders' invoices and the settled claims' credit notes. Answers how many documents it
 * issued and how many rows it left needing attention (read from the rows it touched). With `at`, on
 * that instant's day (Date faked while it runs).
 */
export async function invoiceEvents(deps: IssueDeps, at?: number) {
  if (at !== undefined) {
    // The processor issues on the day it runs: run it on that day's clock.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    try {
      return await invoiceEvents(deps);
    } finally {
      vi.useRealTimers();
    }
  }
  const snapshot = async () =>
    new Map((await deps.db.select({ id: invoices.id, status: invoices.status }).from(invoices)).map((r) => [r.id, r.status] as const));
  const before = await snapshot();
  const r = await drain(deps.db, [invoicingProcessor(deps)]);
  const parked = await deps.db.$count(eventFailures, eq(eventFailures.processor, 'invoicing'));
  if (r.afterCommitErrors.length || parked) throw new Error(`invoicing processor: ${parked} event(s) parked; ${r.afterCommitErrors.join('; ')}`);
  const after = await snapshot();
  const changed = [...after].filter(([id, status]) => before.get(id) !== status);
  const issued = changed.filter(([, s]) => s === 'ISSUED' || s === 'PAID').length;
  const attention = changed.filter(([, s]) => s === 'NEEDS_ATTENTION').length;
  const waiting = changed.filter(([, s]) => s === 'NEEDS_DATA').length;
  return { issued, attention, waiting, ids: changed.map(([id]) => id) };
}

/** Rows of these ids (for a test's look at what a pass issued). */
export const invoiceRows = (db: Db, ids: number[]) => (ids.length ? db.select().from(invoices).where(inArray(invoices.id, ids)) : Promise.resolve([]));
