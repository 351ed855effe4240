import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { GROWER_PRICE_COLUMNS } from '@primeur/shared';
import { growerPrices } from '../../db/schema/index.js';

export type ReferenceKind = 'market' | 'grower';
export type ReferenceLevel = 'article' | 'family';

/**
 * One day of prices at one level of the matching rule, figures in €/kg. Article level: `articleId` is
 * the wanted article. Family level: `articleId` is null and `family|subfamily` names the catalog family.
 */
export interface ReferencePoint {
  kind: ReferenceKind;
  level: ReferenceLevel;
  articleId: number | null;
  /** `family|subfamily` of the catalog family the figures belong to. */
  familyKey: string;
  date: string;
  min: number;
  avg: number;
  max: number;
}

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (Array.isArray(res) ? res : ((res as { rows: Row[] }).rows ?? [])) as Row[];

const cutColumns = GROWER_PRICE_COLUMNS.map((c) => `g.${growerPrices[c].name}`).join(', ');
const cuts = sql.raw(cutColumns);
const cutSum = sql.raw(GROWER_PRICE_COLUMNS.map((c) => `coalesce(g.${growerPrices[c].name}, 0)`).join(' + '));

/** Per source row: market min / avg / max as stored; grower lowest cut / mean of the cuts present / highest cut. */
const FIGURES: Record<ReferenceKind, { table: SQL; min: SQL; avg: SQL; max: SQL }> = {
  market: { table: sql`market_prices g`, min: sql`g.min_price`, avg: sql`g.avg_price`, max: sql`g.max_price` },
  grower: {
    table: sql`grower_prices g`,
    min: sql`least(${cuts})`,
    // first_price is never null, so there is always at least one cut.
    avg: sql`(${cutSum}) / num_nonnulls(${cuts})`,
    max: sql`greatest(${cuts})`,
  },
};

function branch(kind: ReferenceKind, level: ReferenceLevel, from: string, to: string): SQL {
  const f = FIGURES[kind];
  // Article: rows linked to a wanted article itself. Family: rows linked to any article of a wanted
  // article's catalog family (same family and subfamily), once per family. Rows no article is linked
  // to never count, and only prices quoted per kg (decision 860).
  const [select, join, group] =
    level === 'article'
      ? [sql`w.id as article_id, w.family || '|' || w.subfamily as family_key`, sql`join wanted w on w.id = g.article_id`, sql`w.id, w.family, w.subfamily`]
      : [
          sql`null::int as article_id, a.family || '|' || a.subfamily as family_key`,
          sql`join articles a on a.id = g.article_id join (select distinct family, subfamily from wanted) w on w.family = a.family and w.subfamily = a.subfamily`,
          sql`a.family, a.subfamily`,
        ];
  return sql`
    select ${kind} as kind, ${level} as level, ${select}, g.date::text as date,
           round(min(${f.min}), 3)::text as min, round(avg(${f.avg}), 3)::text as avg, round(max(${f.max}), 3)::text as max
    from ${f.table} ${join}
    where g.unit = 'kg' and g.date between ${from}::date and ${to}::date
    group by ${group}, g.date`;
}

/**
 * Every day from `from` to `to` with prices for the given articles, at both levels of the matching
 * rule (the article, its catalog family), market and grower, plus one `info` row per wanted article
 * naming its family, in ONE statement: a page of lots costs one round trip whatever its size. Several
 * sources of a day are folded: lowest minimum, mean of the averages, highest maximum (decision 300).
 */
export async function referencePoints(db: Executor, articleIds: number[], from: string, to: string) {
  if (articleIds.length === 0) return { families: new Map<number, string>(), points: [] as ReferencePoint[] };
  const res = await db.execute(referencePointsSql(articleIds, from, to));
  const families = new Map<number, string>();
  const points: ReferencePoint[] = [];
  for (const r of rowsOf(res)) {
    if (r.kind === 'info') families.set(Number(r.article_id), String(r.family_key));
    else
      points.push({
        kind: r.kind as ReferenceKind,
        level: r.level as ReferenceLevel,
        articleId: r.article_id === null ? null : Number(r.article_id),
        familyKey: String(r.family_key),
        date: String(r.date),
        min: Number(r.min),
        avg: Number(r.avg),
        max: Number(r.max),
      });
  }
  return { families, points };
}

/** The statement of `referencePoints` (also for the bench's plan). */
export function referencePointsSql(articleIds: number[], from: string, to: string): SQL {
  const ids = sql.join(
    articleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    with wanted as (select id, family, subfamily from articles where id in (${ids}))
    select 'info' as kind, 'article' as level, w.id as article_id, w.family || '|' || w.subfamily as family_key,
           null as date, null as min, null as avg, null as max
    from wanted w
    union all ${branch('market', 'article', from, to)}
    union all ${branch('market', 'family', from, to)}
    union all ${branch('grower', 'article', from, to)}
    union all ${branch('grower', 'family', from, to)}
    order by date nulls first`;
}

/** Whether the catalog holds the article (the reference by article answers 404 otherwise). */
export async function articleExists(db: Executor, id: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from articles where id = ${id}`);
  return rowsOf(res).length > 0;
}
