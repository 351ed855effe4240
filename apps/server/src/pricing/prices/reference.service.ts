import {
  REFERENCE_DAYS,
  addDays,
  referencePercent,
  todayInParis,
  type GrowerReference,
  type LotReference,
  type MarketReference,
  type MarketReferenceSummary,
} from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import * as repo from './reference.repository.js';
import type { ReferencePoint } from './reference.repository.js';

/**
 * THE matching rule between a lot and the imported prices (issue 25, decision 860), in one place:
 * 1. market prices linked to the lot's catalog article, quoted per kg, within the last 30 days
 *    (older prices say nothing about today's market);
 * 2. else those of the article's catalog family (same family and subfamily: citrus, tomatoes …);
 * 3. else nothing: no reference is better than a wrong one. Rows of products the catalog does not
 *    know, and rows quoted per piece, box or bunch, never match (lots are priced per kg).
 * `points` are the days of the last 30 (the trend); the reference day is the latest of them with prices
 * at the matched level (today when imported today, else dated);
 * grower prices are added when they exist at the same level.
 */
export function matchReference(points: ReferencePoint[], articleId: number, familyKey: string | undefined): MarketReference | null {
  if (familyKey === undefined) return null;
  const subfamily = familyKey.slice(familyKey.indexOf('|') + 1);
  const at = (level: 'article' | 'family') => (p: ReferencePoint) =>
    level === 'article' ? p.articleId === articleId : p.articleId === null && p.familyKey === familyKey;
  for (const level of ['article', 'family'] as const) {
    const mine = points.filter(at(level));
    const market = mine.filter((p) => p.kind === 'market').sort((a, b) => a.date.localeCompare(b.date));
    const last = market.at(-1);
    if (!last) continue;
    const grower = mine
      .filter((p) => p.kind === 'grower' && p.date <= last.date)
      .sort((a, b) => a.date.localeCompare(b.date))
      .at(-1);
    return {
      date: last.date,
      min: last.min,
      avg: last.avg,
      max: last.max,
      matchedBy: level,
      subfamily,
      trend: market.map((p) => ({ date: p.date, avg: p.avg })),
      ...(grower ? { grower: { date: grower.date, min: grower.min, avg: grower.avg, max: grower.max } satisfies GrowerReference } : {}),
    };
  }
  return null;
}

/**
 * Cached per day and article, per database (tests build several apps in one process). An import on
 * this instance clears the cache; an import on another instance shows here within CACHE_TTL_MS.
 */
const CACHE_TTL_MS = 10 * 60_000;
interface Cached {
  day: string;
  entries: Map<number, { at: number; value: MarketReference | null }>;
}
const caches = new WeakMap<object, Cached>();

function cacheOf(db: Executor, day: string): Cached {
  let c = caches.get(db);
  if (!c || c.day !== day) {
    c = { day, entries: new Map() };
    caches.set(db, c);
  }
  return c;
}

/** Forgets every cached reference of this database: new prices were imported. */
export function invalidateReferences(db: Executor) {
  caches.delete(db);
}

/**
 * The references of many articles at once (a page of lots): cached ones from memory, the others in
 * one query. `null` for an article nothing matches.
 */
export async function referencesFor(db: Executor, articleIds: number[], now = new Date()): Promise<Map<number, MarketReference | null>> {
  const today = todayInParis(now);
  const cache = cacheOf(db, today);
  const out = new Map<number, MarketReference | null>();
  const missing: number[] = [];
  for (const id of new Set(articleIds)) {
    const hit = cache.entries.get(id);
    if (hit && now.getTime() - hit.at < CACHE_TTL_MS) out.set(id, hit.value);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const { families, points } = await repo.referencePoints(db, missing, addDays(today, -(REFERENCE_DAYS - 1)), today);
    for (const id of missing) {
      const value = matchReference(points, id, families.get(id));
      cache.entries.set(id, { at: now.getTime(), value });
      out.set(id, value);
    }
  }
  return out;
}

/** The card line: the figures without the trend. */
export function summaryOf(ref: MarketReference | null): MarketReferenceSummary | null {
  if (!ref) return null;
  return { date: ref.date, min: ref.min, avg: ref.avg, max: ref.max, matchedBy: ref.matchedBy, subfamily: ref.subfamily };
}

/** Adds the reference line to every lot of a list page (one query for the whole page). */
export async function withReferences<T extends { articleId: number }>(
  db: Executor,
  lots: T[],
): Promise<Array<T & { reference: MarketReferenceSummary | null }>> {
  const refs = await referencesFor(
    db,
    lots.map((l) => l.articleId),
  );
  return lots.map((l) => ({ ...l, reference: summaryOf(refs.get(l.articleId) ?? null) }));
}

/** The reference of a catalog article (the supplier's lot form, before the lot exists). */
export async function forArticle(db: Executor, articleId: number): Promise<MarketReference | null> {
  if (!(await repo.articleExists(db, articleId))) throw notFound('Article');
  return (await referencesFor(db, [articleId])).get(articleId) ?? null;
}

/** The reference of a lot at its current price (€/kg): the figures and the distance to the average. */
export async function forLot(db: Executor, articleId: number, price: number): Promise<LotReference | null> {
  const ref = (await referencesFor(db, [articleId])).get(articleId) ?? null;
  return ref ? { ...ref, price, percent: referencePercent(price, ref.avg) } : null;
}
