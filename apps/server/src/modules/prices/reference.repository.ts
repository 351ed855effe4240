import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { GROWER_PRICE_COLUMNS } from '@primeur/shared';
import { growerPrices } from '../../db/schema/index.js';

export type ReferenceKind = 'market' | 'grower';
export type ReferenceLevel = 'article' | 'family';

/** One day of prices for one wanted article, at one level of the matching rule. Figures in €/kg. */
export interface ReferencePoint {
  kind: ReferenceKind;
  level: ReferenceLevel;
  articleId: number;
  subfamily: string;
  date: string;
  min: number;
  avg: number;
  max: number;
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (Array.isArray(res) ? res : ((res as { rows: Row[] }).rows ?? [])) as Row[];

const cuts = sql.raw(GROWER_PRICE_COLUMNS.map((c) => `g.${growerPrices[c].name}`).join(', '));

/** Per source row: market min / avg / max as stored; grower lowest cut / mean of the cuts / highest cut. */
const FIGURES: Record<ReferenceKind, { table: SQL; min: SQL; avg: SQL; max: SQL }> = {
  market: { table: sql`market_prices g`, min: sql`g.min_price`, avg: sql`g.avg_price`, max: sql`g.max_price` },
  grower: {
    table: sql`grower_prices g`,
    min: sql`least(${cuts})`,
    avg: sql`(select avg(v) from unnest(array[${cuts}]) as v)`,
    max: sql`greatest(${cuts})`,
  },
};

function branch(kind: ReferenceKind, level: ReferenceLevel, from: string, to: string): SQL {
  const f = FIGURES[kind];
  // Article: rows linked to the wanted article itself. Family: rows linked to any article of the
  // wanted article's catalog family (same family and subfamily). Rows no article is linked to never
  // count, and only prices quoted per kg (decision 860).
  const join =
    level === 'article'
      ? sql`join wanted w on w.id = g.article_id`
      : sql`join articles a on a.id = g.article_id join wanted w on w.family = a.family and w.subfamily = a.subfamily`;
  return sql`
    select ${kind} as kind, ${level} as level, w.id as article_id, w.subfamily, g.date::text as date,
           round(min(${f.min}), 3)::text as min, round(avg(${f.avg}), 3)::text as avg, round(max(${f.max}), 3)::text as max
    from ${f.table} ${join}
    where g.unit = 'kg' and g.date between ${from}::date and ${to}::date
    group by w.id, w.subfamily, g.date`;
}

/**
 * Every day from `from` to `to` with prices for the given articles, at both levels of the matching
 * rule (the article, its catalog family), market and grower, in ONE statement: a page of lots costs
 * one round trip whatever its size. Several sources of a day are folded: lowest minimum, mean of the
 * averages, highest maximum (decision 300).
 */
export async function referencePoints(db: Executor, articleIds: number[], from: string, to: string): Promise<ReferencePoint[]> {
  if (articleIds.length === 0) return [];
  const ids = sql.join(
    articleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    with wanted as (select id, family, subfamily from articles where id in (${ids}))
    ${branch('market', 'article', from, to)}
    union all ${branch('market', 'family', from, to)}
    union all ${branch('grower', 'article', from, to)}
    union all ${branch('grower', 'family', from, to)}
    order by date`);
  return rowsOf(res).map((r) => ({
    kind: r.kind as ReferenceKind,
    level: r.level as ReferenceLevel,
    articleId: Number(r.article_id),
    subfamily: String(r.subfamily),
    date: String(r.date),
    min: Number(r.min),
    avg: Number(r.avg),
    max: Number(r.max),
  }));
}

/** Whether the catalog holds the article (the reference by article answers 404 otherwise). */
export async function articleExists(db: Executor, id: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from articles where id = ${id}`);
  return rowsOf(res).length > 0;
}
