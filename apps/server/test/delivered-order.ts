import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { countries, orders, users } from '../src/db/schema/index.js';

/**
 * A DELIVERED order between two accounts written directly, its parties snapshotted from their
 * current company data (the invoicing tests need many orders, not an auction each).
 */
export async function deliveredOrder(db: Db, sellerId: number, buyerId: number, netKg: number, price: number) {
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
  const [o] = await db
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
  return o!;
}

/** A claim on the order settled with a credit (the claims module's table, written directly). */
export async function settledClaim(db: Db, orderId: number, credit: number): Promise<number> {
  const res = await db.execute(
    sql`insert into claims (order_id, status, reasons, description, credit_asked, settled_credit, settled_at)
        values (${orderId}, 'SETTLED', '["BRUISING"]'::jsonb, 'Bruised', ${credit.toFixed(2)}, ${credit.toFixed(2)}, now()) returning id`,
  );
  return Number((res.rows[0] as { id: number }).id);
}
