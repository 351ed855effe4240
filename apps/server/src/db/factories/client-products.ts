import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { articles, boxes, clientVariants, countries, packagings, productLinks } from '../schema/index.js';

/** Builds client product variants (tests and demo); the article is linked to the client when it is not yet. */
export interface ClientVariantFactoryInput {
  clientId: number;
  /** Article code, e.g. 'CIT01'. */
  code: string;
  /** Origin alpha2. */
  origin?: string;
  box?: string;
  packaging?: string;
  caliber?: string;
  weightPiece?: number | null;
  nbPiece?: number;
}

async function idByName(db: Executor, table: typeof boxes | typeof packagings, name?: string) {
  if (!name) return null;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.name, name)).limit(1);
  if (!row) throw new Error(`No ${name} in the catalog`);
  return row.id;
}

export async function clientLink(db: Executor, clientId: number, code: string) {
  const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.code, code)).limit(1);
  if (!article) throw new Error(`Unknown article ${code}`);
  const [found] = await db
    .select()
    .from(productLinks)
    .where(and(eq(productLinks.companyId, clientId), eq(productLinks.articleId, article.id)))
    .limit(1);
  return found ?? (await db.insert(productLinks).values({ companyId: clientId, articleId: article.id }).returning())[0]!;
}

export async function createClientVariant(db: Executor, input: ClientVariantFactoryInput) {
  const link = await clientLink(db, input.clientId, input.code);
  const origin = input.origin ? (await db.select({ id: countries.id }).from(countries).where(eq(countries.alpha2, input.origin)).limit(1))[0] : undefined;
  if (input.origin && !origin) throw new Error(`Unknown country ${input.origin}`);
  const [row] = await db
    .insert(clientVariants)
    .values({
      productLinkId: link.id,
      originId: origin?.id ?? null,
      boxId: await idByName(db, boxes, input.box),
      packagingId: await idByName(db, packagings, input.packaging),
      caliber: input.caliber ?? '',
      weightPiece: input.weightPiece == null ? null : input.weightPiece.toFixed(3),
      nbPiece: input.nbPiece ?? 1,
    })
    .returning();
  return row!;
}
