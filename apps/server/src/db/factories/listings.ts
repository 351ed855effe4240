import { eq, sql } from 'drizzle-orm';
import { dayInParis, AUCTION_DURATION_MS } from '@primeur/shared';
import type { Executor } from '../client.js';
import { articles, countries, offers, packagings, products } from '../schema/index.js';
import { createUser } from '../factories.js';

/**
 * Builders of valid lots with their parents (supplier, article, packaging, origin), used by tests and
 * the demo seed. The catalog is filled on its own branch, so the article and packaging builders here
 * insert only what a test asks for.
 */
let seq = 0;
const next = () => ++seq;

export async function createArticle(db: Executor, input: Partial<typeof articles.$inferInsert> = {}) {
  const n = next();
  const article = input.article ?? `Test article ${n}-${Date.now()}`;
  const [row] = await db
    .insert(articles)
    .values({
      code: input.code ?? `T${n}${Date.now() % 100000}`,
      family: input.family ?? 'fruits',
      subfamily: input.subfamily ?? 'test',
      article,
      names: input.names ?? { en: article, fr: article, de: article, es: article },
    })
    .returning();
  return row!;
}

export async function createPackaging(db: Executor, name?: string) {
  const [row] = await db
    .insert(packagings)
    .values({ name: name ?? `Packaging ${next()}-${Date.now()}` })
    .returning();
  return row!;
}

export async function countryId(db: Executor, alpha2: string) {
  const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.alpha2, alpha2));
  if (!c) throw new Error(`No country ${alpha2}`);
  return c.id;
}

export interface ProductFactoryInput {
  supplierId?: number;
  articleId?: number;
  packagingId?: number;
  origin?: string;
  name?: string;
  description?: string;
  caliber?: string;
  price?: number;
  quantity?: number;
  availableUntil?: string;
  photos?: string[];
  status?: 'ENABLED' | 'DISABLED' | 'EXPIRED' | 'IN_AUCTION';
  /** Makes it an auction starting then (ends 3 days later). */
  auctionStartDate?: Date;
  /** The current end, when soft close has already moved it (default: start + 3 days). */
  endsAt?: Date;
  /** Hidden reserve (€/kg) of an auction lot. */
  reservePrice?: number;
  /** Net kg per pallet (default 800; null: a lot from before weights were asked). */
  netKgPerPallet?: number | null;
  boxesPerPallet?: number | null;
  netKgPerBox?: number | null;
  createdAt?: Date;
  /** Lot facts (issue 25); class I by default. */
  qualityClass?: 'EXTRA' | 'I' | 'II';
  variety?: string | null;
  packedOn?: string | null;
}

export async function createProduct(db: Executor, input: ProductFactoryInput = {}) {
  const supplierId = input.supplierId ?? (await createUser(db, { category: 'supplier' })).id;
  const articleId = input.articleId ?? (await createArticle(db)).id;
  const packagingId = input.packagingId ?? (await createPackaging(db)).id;
  const start = input.auctionStartDate ?? null;
  const [row] = await db
    .insert(products)
    .values({
      supplierId,
      articleId,
      packagingId,
      originId: await countryId(db, input.origin ?? 'ES'),
      name: input.name ?? `Lot ${next()}`,
      description: input.description ?? 'Fresh produce, first category.',
      caliber: input.caliber ?? '',
      price: (input.price ?? 1.5).toFixed(2),
      quantity: input.quantity ?? 10,
      availableUntil: input.availableUntil ?? dayInParis(14),
      photos: input.photos ?? [],
      status: input.status ?? (start ? 'IN_AUCTION' : 'ENABLED'),
      auctionStartDate: start,
      endsAt: start ? (input.endsAt ?? new Date(start.getTime() + AUCTION_DURATION_MS)) : null,
      reservePrice: input.reservePrice === undefined ? null : input.reservePrice.toFixed(2),
      netKgPerPallet: input.netKgPerPallet === null ? null : (input.netKgPerPallet ?? 800).toFixed(2),
      boxesPerPallet: input.boxesPerPallet === undefined ? 80 : input.boxesPerPallet,
      netKgPerBox: input.netKgPerBox === null ? null : (input.netKgPerBox ?? 10).toFixed(3),
      qualityClass: input.qualityClass ?? 'I',
      variety: input.variety ?? null,
      packedOn: input.packedOn ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** An auction that started `startedMsAgo` ago (default: one hour, so it is open). */
export function createAuction(db: Executor, input: ProductFactoryInput & { startedMsAgo?: number } = {}) {
  const { startedMsAgo = 3_600_000, ...rest } = input;
  return createProduct(db, { ...rest, auctionStartDate: rest.auctionStartDate ?? new Date(Date.now() - startedMsAgo) });
}

/** Stores an offer directly (seed and fixtures; live bids go through placeBid). */
export async function createOffer(db: Executor, productId: number, userId: number, amount: number, at = new Date()) {
  const [row] = await db
    .insert(offers)
    .values({ productId, userId, amount: amount.toFixed(2), createdAt: at })
    .returning();
  // Keep the lot's price and bidder count as place_bid would.
  await db.execute(sql`update products set highest_amount = (select max(amount) from offers where product_id = ${productId}),
    bidder_count = (select count(distinct user_id)::int from offers where product_id = ${productId}) where id = ${productId}`);
  return row!;
}

/**
 * Makes an auction end now and records its result as the closer does (trading/auctions/auction-closer.ts):
 * with `highest`, the highest offer at or above the reserve wins, the later one on a tie; with `none`, no winner.
 */
export async function closeAuctionNow(db: Executor, productId: number, winner: 'highest' | 'none') {
  await db.execute(sql`
    update products p set status = 'EXPIRED', ends_at = now(), closed_at = now(),
      winning_offer_id = ${
        winner === 'highest'
          ? sql`(select o.id from offers o where o.product_id = ${productId} and (p.reserve_price is null or o.amount >= p.reserve_price) order by o.amount desc, o.id desc limit 1)`
          : sql`null`
      }
    where p.id = ${productId}`);
}
