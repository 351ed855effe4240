import { GROWER_PRICE_COLUMNS, round3, type GrowerPriceRow, type MarketPriceRow, type PriceImportRecord } from '@primeur/shared';
import type { ArticleNames, priceImports } from '../../db/schema/index.js';
import type { GrowerRecord, MarketRecord } from './prices.repository.js';

type Previous = Map<string, { date: string; figure: number }>;
type Names = Map<number, ArticleNames>;

/** What a market and a grower row both say: the product, its source and day, and its catalog article. */
const presentRowBase = (r: MarketRecord | GrowerRecord, names: Names) => ({
  id: r.id,
  date: r.date,
  family: r.family,
  name: r.name,
  source: r.source,
  articleId: r.articleId,
  articleNames: r.articleId === null ? null : (names.get(r.articleId) ?? null),
});

/** Up or down only when the move shows at the displayed precision (a cent). */
function change(previous: Previous, r: { source: string; family: string; name: string }, figure: number) {
  const p = previous.get(`${r.source}|${r.family}|${r.name}`);
  if (!p) return null;
  const diff = Math.round(figure * 100) - Math.round(p.figure * 100);
  return { direction: diff > 0 ? ('up' as const) : diff < 0 ? ('down' as const) : ('flat' as const), previousDate: p.date, previousPrice: round3(p.figure) };
}

export function presentMarket(rows: MarketRecord[], previous: Previous, names: Names): MarketPriceRow[] {
  return rows.map((r) => ({
    ...presentRowBase(r, names),
    minPrice: Number(r.minPrice),
    maxPrice: Number(r.maxPrice),
    avgPrice: Number(r.avgPrice),
    change: change(previous, r, Number(r.avgPrice)),
  }));
}

export function growerAverage(r: Record<(typeof GROWER_PRICE_COLUMNS)[number], string | number | null>) {
  const cuts = GROWER_PRICE_COLUMNS.map((c) => r[c])
    .filter((v): v is string | number => v !== null)
    .map(Number);
  return cuts.reduce((a, b) => a + b, 0) / cuts.length;
}

export function presentGrower(rows: GrowerRecord[], previous: Previous, names: Names): GrowerPriceRow[] {
  return rows.map((r) => {
    const cuts = Object.fromEntries(GROWER_PRICE_COLUMNS.map((c) => [c, r[c] === null ? null : Number(r[c])])) as Record<
      (typeof GROWER_PRICE_COLUMNS)[number],
      number | null
    >;
    return {
      ...presentRowBase(r, names),
      ...cuts,
      change: change(previous, r, growerAverage(r)),
    };
  });
}

export function presentImport(r: typeof priceImports.$inferSelect): PriceImportRecord {
  return {
    id: r.id,
    origin: r.origin,
    label: r.label,
    type: r.type,
    status: r.status,
    rowCount: r.rowCount,
    error: r.error,
    line: r.line,
    finishedAt: r.finishedAt.toISOString(),
  };
}
