import { addDays, todayInParis } from '@primeur/shared';
import type { Executor } from '../client.js';
import { createGrowerPrices, createMarketPrices, type GrowerPriceInput, type MarketPriceInput } from '../factories/prices.js';
import { articles } from '../schema/index.js';

/** Products with a plausible wholesale average in €/kg and the month (1–12) their price is lowest (peak season). */
const PRODUCTS: Array<{ family: 'fruits' | 'legumes'; name: string; base: number; cheapest: number }> = [
  { family: 'legumes', name: 'Round tomato', base: 1.4, cheapest: 8 },
  { family: 'legumes', name: 'Cucumber', base: 0.85, cheapest: 5 },
  { family: 'legumes', name: 'Courgette', base: 1.1, cheapest: 6 },
  { family: 'legumes', name: 'Red bell pepper', base: 1.9, cheapest: 9 },
  { family: 'legumes', name: 'Aubergine', base: 1.2, cheapest: 8 },
  { family: 'legumes', name: 'Iceberg lettuce', base: 0.75, cheapest: 5 },
  { family: 'legumes', name: 'Broccoli', base: 1.8, cheapest: 1 },
  { family: 'legumes', name: 'Cauliflower', base: 1.3, cheapest: 12 },
  { family: 'legumes', name: 'Carrot', base: 0.7, cheapest: 10 },
  { family: 'legumes', name: 'Yellow onion', base: 0.55, cheapest: 9 },
  { family: 'legumes', name: 'Ware potato', base: 0.5, cheapest: 9 },
  { family: 'legumes', name: 'Leek', base: 1.4, cheapest: 11 },
  { family: 'legumes', name: 'Green bean', base: 3.2, cheapest: 7 },
  { family: 'legumes', name: 'Green asparagus', base: 5.5, cheapest: 5 },
  { family: 'legumes', name: 'Artichoke', base: 2.4, cheapest: 3 },
  { family: 'legumes', name: 'Garlic', base: 3.8, cheapest: 7 },
  { family: 'legumes', name: 'Spinach', base: 2.2, cheapest: 3 },
  { family: 'fruits', name: 'Navel orange', base: 0.9, cheapest: 1 },
  { family: 'fruits', name: 'Mandarin', base: 1.3, cheapest: 12 },
  { family: 'fruits', name: 'Lemon', base: 1.1, cheapest: 2 },
  { family: 'fruits', name: 'Golden Delicious apple', base: 1.2, cheapest: 10 },
  { family: 'fruits', name: 'Conference pear', base: 1.35, cheapest: 9 },
  { family: 'fruits', name: 'Peach', base: 1.8, cheapest: 7 },
  { family: 'fruits', name: 'Nectarine', base: 1.9, cheapest: 7 },
  { family: 'fruits', name: 'Apricot', base: 2.4, cheapest: 6 },
  { family: 'fruits', name: 'Plum', base: 1.7, cheapest: 8 },
  { family: 'fruits', name: 'Cherry', base: 5.2, cheapest: 6 },
  { family: 'fruits', name: 'Strawberry', base: 3.1, cheapest: 4 },
  { family: 'fruits', name: 'White seedless grape', base: 2.3, cheapest: 9 },
  { family: 'fruits', name: 'Green kiwi', base: 2.1, cheapest: 1 },
  { family: 'fruits', name: 'Galia melon', base: 1.0, cheapest: 7 },
  { family: 'fruits', name: 'Watermelon', base: 0.6, cheapest: 7 },
  { family: 'fruits', name: 'Banana', base: 1.25, cheapest: 3 },
  { family: 'fruits', name: 'Hass avocado', base: 3.4, cheapest: 2 },
  { family: 'fruits', name: 'Mango', base: 2.8, cheapest: 8 },
  { family: 'fruits', name: 'Fig', base: 3.9, cheapest: 9 },
  { family: 'fruits', name: 'Pineapple', base: 1.45, cheapest: 4 },
];

export const DEMO_PRICE_DAYS = 90;
export const DEMO_MARKET_SOURCE = 'Mercabarna';
export const DEMO_GROWER_SOURCES = { legumes: 'Subasta La Unión', fruits: 'Agroponiente' } as const;

/** A number in [0, 1) from a text: the same product and day always give the same figure. */
function hash01(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The reference price of a product on a calendar day: a seasonal curve (cheapest in its peak month),
 * a two-to-three-week market cycle and a little daily noise. Depends only on the product and the
 * date, so every fresh start shows the same prices for the same day.
 */
export function demoPrice(p: (typeof PRODUCTS)[number], date: string): number {
  const t = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const month = new Date(`${date}T00:00:00Z`).getUTCMonth() + (new Date(`${date}T00:00:00Z`).getUTCDate() - 1) / 30;
  const seasonal = -0.18 * Math.cos(((month - (p.cheapest - 1)) / 12) * 2 * Math.PI);
  const cycle = 0.07 * Math.sin((2 * Math.PI * t) / (14 + 10 * hash01(p.name)) + 6 * hash01(`${p.name}#`));
  const noise = 0.04 * (hash01(`${p.name}|${date}`) - 0.5);
  return Math.max(0.15, p.base * (1 + seasonal + cycle + noise));
}

function days(today: Date, n: number): string[] {
  const end = todayInParis(today);
  return Array.from({ length: n }, (_, i) => addDays(end, i - (n - 1)));
}

/** 90 days of market and grower prices up to and including today, for every product above. */
export async function seedPrices(tx: Executor, today = new Date()) {
  // Link to the catalog's articles when they are already there (same family and English name).
  const catalog = await tx.select({ id: articles.id, family: articles.family, article: articles.article }).from(articles);
  const articleIds = new Map(catalog.map((a) => [`${a.family}|${a.article.toLowerCase()}`, a.id]));
  const market: MarketPriceInput[] = [];
  const grower: GrowerPriceInput[] = [];
  for (const date of days(today, DEMO_PRICE_DAYS)) {
    for (const p of PRODUCTS) {
      const articleId = articleIds.get(`${p.family}|${p.name.toLowerCase()}`) ?? null;
      const avg = demoPrice(p, date);
      const spread = 0.12 + 0.1 * hash01(`${p.name}~${date}`);
      market.push({
        date,
        source: DEMO_MARKET_SOURCE,
        family: p.family,
        name: p.name,
        articleId,
        minPrice: round2(avg * (1 - spread)),
        maxPrice: round2(avg * (1 + spread * 1.2)),
        avgPrice: round2(avg),
      });
      // Origin auctions sell below the wholesale market; each cut goes a little lower than the last.
      const first = avg * (0.78 + 0.06 * hash01(`${p.name}^${date}`));
      const count = 10 + Math.floor(6 * hash01(`${p.name}*${date}`));
      const step = 0.015 + 0.015 * hash01(`${p.name}/${date}`);
      grower.push({
        date,
        source: DEMO_GROWER_SOURCES[p.family],
        family: p.family,
        name: p.name,
        articleId,
        cuts: Array.from({ length: count }, (_, k) => round2(first * (1 - step * k))),
      });
    }
  }
  for (let i = 0; i < market.length; i += 500) await createMarketPrices(tx, market.slice(i, i + 500));
  for (let i = 0; i < grower.length; i += 500) await createGrowerPrices(tx, grower.slice(i, i + 500));
  return { products: PRODUCTS.length, days: DEMO_PRICE_DAYS, rows: market.length + grower.length };
}
