import { z } from 'zod';
import { dbIdText } from './common.js';

/**
 * The wholesale market reference beside a lot (issue 25, decision 860): the imported market prices of
 * the lot's catalog article, else of its catalog family (subfamily: citrus, tomatoes …), quoted per kg.
 */
export const referenceMatch = z.enum(['article', 'family']);
export type ReferenceMatch = z.infer<typeof referenceMatch>;

/** One day's figures in €/kg, all sources of that day folded (lowest minimum, mean of averages, highest maximum). */
const dayFigures = { date: z.string(), min: z.number(), avg: z.number(), max: z.number() };

/** The one line a card shows: the latest day's figures and what they were matched by. */
export const marketReferenceSummary = z.object({
  ...dayFigures,
  matchedBy: referenceMatch,
  /** The catalog family (subfamily key, e.g. `citrus`) the figures stand for when matched by family. */
  subfamily: z.string(),
});
export type MarketReferenceSummary = z.infer<typeof marketReferenceSummary>;

/** Origin (grower) clock prices of the same day and match: lowest cut, mean of the cuts, highest cut. */
export const growerReference = z.object(dayFigures);
export type GrowerReference = z.infer<typeof growerReference>;

export const marketReference = marketReferenceSummary.extend({
  /** One point per day with prices over the 30 days up to the reference day. */
  trend: z.array(z.object({ date: z.string(), avg: z.number() })),
  grower: growerReference.optional(),
});
export type MarketReference = z.infer<typeof marketReference>;

/** The reference for one lot: the figures plus the lot's current price (€/kg) and its distance to the average. */
export const lotReference = marketReference.extend({
  price: z.number(),
  /** Whole percent, signed: +4 means 4 % above the market average. */
  percent: z.number().int(),
});
export type LotReference = z.infer<typeof lotReference>;

export const articleIdParam = z.object({ articleId: dbIdText });

/** Days of history the trend covers, the reference day included; older prices are no reference at all. */
export const REFERENCE_DAYS = 30;

/**
 * How far a price is from the market average, in whole percent, rounded half away from zero so that
 * +4.5 and −4.5 read alike. The one rule for the server, the room, the cards and the lot form.
 */
export function referencePercent(price: number, avg: number): number {
  if (!(avg > 0) || !Number.isFinite(price)) return 0;
  // Six decimals first, so 1.045 against 1 is the 4.5 it means and not 4.4999… of binary floats.
  const p = Math.round(((price - avg) / avg) * 100 * 1e6) / 1e6;
  const r = Math.sign(p) * Math.round(Math.abs(p));
  return r === 0 ? 0 : r;
}
