import { GROWER_PRICE_COLUMNS, type GrowerPriceColumn, type PriceUnit } from '@primeur/shared';
import type { Executor } from '../client.js';
import { growerPrices, marketPrices } from '../schema/index.js';

export interface MarketPriceInput {
  date: string;
  source?: string;
  family?: 'fruits' | 'legumes';
  name?: string;
  minPrice?: number;
  maxPrice?: number;
  avgPrice?: number;
  articleId?: number | null;
  unit?: PriceUnit;
}

/** Valid market price rows (min ≤ avg ≤ max); many at once for the seed. */
export async function createMarketPrices(db: Executor, inputs: MarketPriceInput[]) {
  if (inputs.length === 0) return [];
  return db
    .insert(marketPrices)
    .values(
      inputs.map((i) => {
        const min = i.minPrice ?? 1;
        const max = i.maxPrice ?? Math.max(min, 2);
        const avg = i.avgPrice ?? (min + max) / 2;
        return {
          date: i.date,
          source: i.source ?? 'Mercabarna',
          family: i.family ?? 'legumes',
          name: i.name ?? 'Tomato',
          articleId: i.articleId ?? null,
          unit: i.unit ?? 'kg',
          minPrice: min.toFixed(3),
          maxPrice: max.toFixed(3),
          avgPrice: avg.toFixed(3),
        };
      }),
    )
    .returning();
}

export interface GrowerPriceInput {
  date: string;
  source?: string;
  family?: 'fruits' | 'legumes';
  name?: string;
  /** Up to 15 cuts, first to fifteenth; missing cuts stay empty. */
  cuts?: number[];
  articleId?: number | null;
  unit?: PriceUnit;
}

export async function createGrowerPrices(db: Executor, inputs: GrowerPriceInput[]) {
  if (inputs.length === 0) return [];
  return db
    .insert(growerPrices)
    .values(
      inputs.map((i) => {
        const cuts = i.cuts ?? [1.2, 1.1, 1.0];
        const prices = Object.fromEntries(GROWER_PRICE_COLUMNS.map((c, k) => [c, cuts[k] === undefined ? null : cuts[k].toFixed(3)])) as Record<
          GrowerPriceColumn,
          string | null
        >;
        return {
          date: i.date,
          source: i.source ?? 'Subasta La Unión',
          family: i.family ?? 'legumes',
          name: i.name ?? 'Tomato',
          articleId: i.articleId ?? null,
          unit: i.unit ?? 'kg',
          ...prices,
          firstPrice: (cuts[0] ?? 1).toFixed(3),
        };
      }),
    )
    .returning();
}
