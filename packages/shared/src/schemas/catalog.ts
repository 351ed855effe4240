import { z } from 'zod';
import { text } from './common.js';
import { FAMILIES } from '../constants/limits.js';

/** An article name in each interface language (`article` is the English one). */
export const articleNames = z.object({ en: z.string(), fr: z.string(), de: z.string(), es: z.string() });
export type ArticleNames = z.infer<typeof articleNames>;

/** A productList entry (spec §7 lookups): id, article, code, family, subfamily, plus the translated names. */
export const article = z.object({
  id: z.number().int(),
  code: z.string(),
  family: z.enum(FAMILIES),
  subfamily: z.string(),
  article: z.string(),
  names: articleNames,
});
export type Article = z.infer<typeof article>;

/** Box, packaging and certificate lookups share the spec's id + name shape. */
export const namedItem = z.object({ id: z.number().int(), name: z.string() });
export type NamedItem = z.infer<typeof namedItem>;

/**
 * A box, packaging or certificate as the catalog lookups list it: the spec's id + name, plus the name in
 * each interface language (decision 640). Screens, the price-list PDF and the request e-mail show
 * `names[language]`; `name` stays the value the spec and the API exchange.
 */
export const catalogItem = namedItem.extend({ names: articleNames });
export type CatalogItem = z.infer<typeof catalogItem>;

/** The name of a catalog entry in a language, its `name` when it has no translations. */
export function localName(item: { name: string; names?: Partial<ArticleNames> | null }, language: string): string {
  const lng = language.slice(0, 2) as keyof ArticleNames;
  return item.names?.[lng] || item.name;
}

/** Money and percentages travel as numbers with at most two decimals. */
export const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A carrier (the spec's transport): price in euros per pallet. */
export const transport = z.object({ id: z.number().int(), carrier: z.string(), price: z.number() });
export type Transport = z.infer<typeof transport>;

export const MAX_CARRIER_PRICE = 1_000_000;

export const addTransport = z.object({
  carrier: text().trim().min(1, 'required').max(120),
  /** A new carrier costs 0 unless told otherwise (spec §4). */
  price: z.number().min(0, 'negativePrice').max(MAX_CARRIER_PRICE, 'tooHigh').refine(twoDecimals, 'twoDecimals').default(0),
});
export type AddTransport = z.input<typeof addTransport>;
