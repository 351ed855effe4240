import type { Executor } from '../client.js';
import { articles, boxes, countries, inboundMessages, packagings, uncheckedProducts } from '../schema/index.js';
import type { Lookalike } from '../schema/index.js';
import { CatalogMatcher } from '../../lib/offers/catalog-matcher.js';
import { parseMessage } from '../../lib/offers/offer-parser.js';

/**
 * Builders of imported offers awaiting review. `importOffers` goes through the real parser, so demo
 * rows look exactly like what the webhook produces; `createUncheckedProduct` makes one plain row.
 */
let seq = 0;

export async function catalogMatcher(db: Executor) {
  const [a, c, b, p] = await Promise.all([
    db.select({ id: articles.id, code: articles.code, names: articles.names }).from(articles),
    db.select({ id: countries.id, name: countries.name, alpha2: countries.alpha2 }).from(countries),
    db.select().from(boxes),
    db.select().from(packagings),
  ]);
  return new CatalogMatcher({ articles: a, countries: c, boxes: b, packagings: p });
}

export interface ImportOffersInput {
  body: string;
  source?: 'whatsapp' | 'paste';
  fromPhone?: string | null;
  supplierId?: number | null;
  receivedAt?: Date;
  today?: Date;
}

export async function importOffers(db: Executor, input: ImportOffersInput) {
  const n = ++seq;
  const matcher = await catalogMatcher(db);
  const [message] = await db
    .insert(inboundMessages)
    .values({
      source: input.source ?? 'whatsapp',
      externalId: input.source === 'paste' ? null : `wamid.factory-${n}-${Date.now()}`,
      fromPhone: input.fromPhone ?? null,
      body: input.body,
      receivedAt: input.receivedAt ?? new Date(),
    })
    .returning();
  const offers = parseMessage(input.body, matcher, { today: input.today ?? new Date() });
  if (!offers.length) return { message: message!, rows: [] };
  const rows = await db
    .insert(uncheckedProducts)
    .values(
      offers.map((o) => ({
        messageId: message!.id,
        supplierId: input.supplierId ?? null,
        line: o.line,
        productName: o.productName,
        origin: o.origin,
        packaging: o.packaging,
        box: o.box,
        caliber: o.caliber,
        qualityClass: o.qualityClass,
        priceKg: o.priceKg?.toFixed(3) ?? null,
        priceColis: o.priceColis?.toFixed(3) ?? null,
        pricePiece: o.pricePiece?.toFixed(3) ?? null,
        volume: o.volume?.toFixed(2) ?? null,
        startDate: o.startDate,
        lookalike: o.lookalike,
      })),
    )
    .returning();
  return { message: message!, rows };
}

const EMPTY_LOOKALIKE: Lookalike = { productName: null, productAlternatives: [], origin: null, packaging: null, box: null };

/** One row with its message; `createdAt` lets paging tests fix the order. */
export async function createUncheckedProduct(db: Executor, input: Partial<typeof uncheckedProducts.$inferInsert> = {}) {
  const n = ++seq;
  const [message] = await db
    .insert(inboundMessages)
    .values({ source: 'paste', body: input.line ?? `Offer ${n} 1,00€/kg`, receivedAt: new Date() })
    .returning();
  const [row] = await db
    .insert(uncheckedProducts)
    .values({
      messageId: message!.id,
      line: `Offer ${n} 1,00€/kg`,
      productName: `Offer ${n}`,
      priceKg: '1.000',
      lookalike: EMPTY_LOOKALIKE,
      ...input,
    })
    .returning();
  return row!;
}
