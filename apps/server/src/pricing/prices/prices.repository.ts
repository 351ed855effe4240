import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, growerPrices, marketPrices, priceImports, type ArticleNames } from '../../db/schema/index.js';
import type { ParsedGrowerRow, ParsedMarketRow } from './price-file.js';
import { GROWER_PRICE_COLUMNS, type ImportOrigin, type PriceType } from '@primeur/shared';

const CHUNK = 500;
const tableOf = (type: PriceType) => (type === 'market' ? marketPrices : growerPrices);
const num = (v: string | null) => (v === null ? null : Number(v));
const str = (v: number | null) => (v === null ? null : String(v));

/** The average of the grower cuts present (SQL), the figure the day-over-day change and the history follow. */
const growerAvgSql = sql<string>`(select avg(v) from unnest(array[${sql.join(
  GROWER_PRICE_COLUMNS.map((c) => growerPrices[c]),
  sql`, `,
)}]) as v)`;

export type MarketRecord = typeof marketPrices.$inferSelect;
export type GrowerRecord = typeof growerPrices.$inferSelect;

/** Catalog article ids by family + lower-case English name, to link rows to articles. */
export async function articleIndex(db: Executor) {
  const rows = await db.select({ id: articles.id, family: articles.family, article: articles.article }).from(articles);
  return new Map(rows.map((a) => [`${a.family}|${a.article.toLowerCase()}`, a.id]));
}

type PriceTable = typeof marketPrices | typeof growerPrices;
/** Same date + source + family + name is the same price row. */
const rowKey = (t: PriceTable) => [t.date, t.source, t.family, t.name];
/** What every imported row writes beside its prices: its key, its catalog article and its import. */
const linkColumns = (r: ParsedMarketRow | ParsedGrowerRow, articleIds: Map<string, number>, importId: number) => ({
  date: r.date,
  source: r.source,
  family: r.family,
  name: r.name,
  unit: r.unit,
  articleId: articleIds.get(`${r.family}|${r.name.toLowerCase()}`) ?? null,
  importId,
});
/** A row imported again takes the new import's article link and import id with its prices. */
const relinked = { articleId: sql`excluded.article_id`, importId: sql`excluded.import_id`, unit: sql`excluded.unit` };

/** Inserts or replaces (same date + source + family + name) every row. */
export async function upsertMarket(db: Executor, rows: ParsedMarketRow[], articleIds: Map<string, number>, importId: number) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => ({
      ...linkColumns(r, articleIds, importId),
      minPrice: String(r.minPrice),
      maxPrice: String(r.maxPrice),
      avgPrice: String(r.avgPrice),
    }));
    await db
      .insert(marketPrices)
      .values(values)
      .onConflictDoUpdate({
        target: rowKey(marketPrices),
        set: { minPrice: sql`excluded.min_price`, maxPrice: sql`excluded.max_price`, avgPrice: sql`excluded.avg_price`, ...relinked },
      });
  }
}

export async function upsertGrower(db: Executor, rows: ParsedGrowerRow[], articleIds: Map<string, number>, importId: number) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => ({
      ...linkColumns(r, articleIds, importId),
      ...(Object.fromEntries(GROWER_PRICE_COLUMNS.map((c) => [c, str(r[c])])) as Record<(typeof GROWER_PRICE_COLUMNS)[number], string | null>),
      firstPrice: String(r.firstPrice),
    }));
    await db
      .insert(growerPrices)
      .values(values)
      .onConflictDoUpdate({
        target: rowKey(growerPrices),
        set: { ...Object.fromEntries(GROWER_PRICE_COLUMNS.map((c) => [c, sql.raw(`excluded.${growerPrices[c].name}`)])), ...relinked },
      });
  }
}

export async function articleNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, ArticleNames>();
  const rows = await db.select({ id: articles.id, names: articles.names }).from(articles).where(inArray(articles.id, ids));
  return new Map(rows.map((r) => [r.id, r.names]));
}

export function listMarket(db: Executor, date: string) {
  return db.select().from(marketPrices).where(eq(marketPrices.date, date)).orderBy(marketPrices.family, marketPrices.name, marketPrices.source);
}

export function listGrower(db: Executor, date: string) {
  return db.select().from(growerPrices).where(eq(growerPrices.date, date)).orderBy(growerPrices.family, growerPrices.name, growerPrices.source);
}

/**
 * For each product and source, the reference figure of the latest earlier day that has data
 * (within 31 days): the market average, or the average of the grower cuts.
 */
export async function previousFigures(db: Executor, type: PriceType, date: string) {
  const t = tableOf(type);
  const figure = type === 'market' ? marketPrices.avgPrice : growerAvgSql;
  const rows = await db
    .selectDistinctOn([t.source, t.family, t.name], { source: t.source, family: t.family, name: t.name, date: t.date, figure })
    .from(t)
    .where(and(lt(t.date, date), gte(t.date, sql`(${date}::date - 31)`)))
    .orderBy(t.source, t.family, t.name, desc(t.date));
  return new Map(rows.map((r) => [`${r.source}|${r.family}|${r.name}`, { date: r.date, figure: Number(r.figure) }]));
}

/** One point per day: all sources of the product folded together. */
export async function history(db: Executor, type: PriceType, family: 'fruits' | 'legumes', name: string, from: string, to: string) {
  const t = tableOf(type);
  const where = and(eq(t.family, family), sql`lower(${t.name}) = lower(${name})`, gte(t.date, from), lte(t.date, to));
  if (type === 'market') {
    const rows = await db
      .select({
        date: marketPrices.date,
        min: sql<string>`min(${marketPrices.minPrice})`,
        max: sql<string>`max(${marketPrices.maxPrice})`,
        avg: sql<string>`avg(${marketPrices.avgPrice})`,
      })
      .from(marketPrices)
      .where(where)
      .groupBy(marketPrices.date)
      .orderBy(marketPrices.date);
    return rows.map((r) => ({ date: r.date, min: num(r.min), max: num(r.max), avg: num(r.avg), first: null }));
  }
  const rows = await db
    .select({
      date: growerPrices.date,
      first: sql<string>`avg(${growerPrices.firstPrice})`,
      avg: sql<string>`avg(${growerAvgSql})`,
    })
    .from(growerPrices)
    .where(where)
    .groupBy(growerPrices.date)
    .orderBy(growerPrices.date);
  return rows.map((r) => ({ date: r.date, min: null, max: null, avg: num(r.avg), first: num(r.first) }));
}

export async function recordImport(
  db: Executor,
  rec: { origin: ImportOrigin; label: string; type: PriceType | null; status: 'ok' | 'failed'; rowCount: number; error?: string | null; line?: number | null },
) {
  const [row] = await db
    .insert(priceImports)
    .values({ ...rec, label: rec.label.slice(0, 500), error: rec.error?.slice(0, 1000) ?? null, line: rec.line ?? null })
    .returning();
  return row!;
}

export async function setImportCount(db: Executor, id: number, rowCount: number) {
  await db.update(priceImports).set({ rowCount }).where(eq(priceImports.id, id));
}

export function recentImports(db: Executor, limit: number) {
  return db.select().from(priceImports).orderBy(desc(priceImports.id)).limit(limit);
}

/** Rows, distinct days and first and last day of a price table. */
export async function stored(db: Executor, type: PriceType) {
  const table = type === 'market' ? marketPrices : growerPrices;
  return (
    await db
      .select({
        rows: sql<number>`count(*)::int`,
        days: sql<number>`count(distinct ${table.date})::int`,
        from: sql<string | null>`min(${table.date})::text`,
        to: sql<string | null>`max(${table.date})::text`,
      })
      .from(table)
  )[0]!;
}

export async function lastScheduled(db: Executor) {
  return (await db.select().from(priceImports).where(eq(priceImports.origin, 'schedule')).orderBy(desc(priceImports.id)).limit(1))[0];
}
