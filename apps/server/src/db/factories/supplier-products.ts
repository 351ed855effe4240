import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { articles, boxes, countries, packagings, productLinks, supplierVariants } from '../schema/index.js';
import { newVariantRow, type NewVariantInput } from '../supplier-variant-row.js';

/**
 * Builds supplier price-list variants (the tests and the demo seed). The supplier must exist; the
 * article is linked to it when it is not yet. Names refer to the catalog reference data.
 */
export interface VariantFactoryInput extends Omit<NewVariantInput, 'productLinkId' | 'originId' | 'packagingId' | 'boxId'> {
  supplierId: number;
  /** Article code, e.g. 'CIT04'. */
  code: string;
  /** Origin country alpha2. */
  origin?: string;
  packaging?: string;
  box?: string;
}

async function idOf(db: Executor, table: typeof boxes | typeof packagings, name?: string) {
  if (!name) return null;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  if (!row) throw new Error(`No ${name} in the catalog`);
  return row.id;
}

export async function supplierLink(db: Executor, supplierId: number, code: string) {
  const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.code, code)).limit(1);
  if (!article) throw new Error(`Unknown article ${code}`);
  const [found] = await db
    .select()
    .from(productLinks)
    .where(and(eq(productLinks.companyId, supplierId), eq(productLinks.articleId, article.id)))
    .limit(1);
  return found ?? (await db.insert(productLinks).values({ companyId: supplierId, articleId: article.id }).returning())[0]!;
}

export async function createVariant(db: Executor, input: VariantFactoryInput) {
  const link = await supplierLink(db, input.supplierId, input.code);
  const origin = input.origin ? (await db.select({ id: countries.id }).from(countries).where(eq(countries.alpha2, input.origin)).limit(1))[0] : undefined;
  if (input.origin && !origin) throw new Error(`Unknown country ${input.origin}`);
  const weight = input.weightPiece ?? null;
  const nb = input.nbPiece ?? 1;
  const kg = input.priceKg ?? 0;
  // Same rule as the app (pricing.ts): with a known weight the box and piece prices follow the kg price.
  const piece = input.pricePiece ?? (weight ? kg * weight : 0);
  const colis = input.priceColis ?? (weight ? kg * weight * nb : 0);
  const [row] = await db
    .insert(supplierVariants)
    .values(
      newVariantRow({
        ...input,
        productLinkId: link.id,
        originId: origin?.id ?? null,
        packagingId: await idOf(db, packagings, input.packaging),
        boxId: await idOf(db, boxes, input.box),
        priceColis: colis,
        pricePiece: piece,
      }),
    )
    .returning();
  return { variant: row!, link };
}
