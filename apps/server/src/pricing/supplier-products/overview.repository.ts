import { sql, type SQL } from 'drizzle-orm';
import { CLASS_NOT_STATED, type OverviewClassFilter } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { companyViewSql } from '../../companies/companies/company-view.js';
import { productLinkViewSql } from '../../companies/product-links/product-links.read-model.js';

/**
 * The price overview of one article, computed by PostgreSQL (decision 122). A line counts when its
 * validity overlaps the asked range (start_date <= range end and end_date >= range start) and it
 * passes the origin, caliber and class filters (a line without a stated class passes no class, only
 * `none`, decision 960). The discounted price follows spec §9:
 * price − price × discount / 100, with the supplier's discount.
 */
export interface OverviewFilter {
  articleId: number;
  startDate: string;
  endDate: string;
  originId?: number;
  caliber?: string;
  qualityClass?: OverviewClassFilter;
}

function where(f: OverviewFilter): SQL {
  const parts: SQL[] = [
    sql`l.article_id = ${f.articleId}`,
    sql`c.kind = 'supplier'`,
    sql`v.start_date <= ${f.endDate}::date`,
    sql`v.end_date >= ${f.startDate}::date`,
  ];
  if (f.originId !== undefined) parts.push(sql`v.origin_id = ${f.originId}`);
  if (f.caliber) parts.push(sql`v.caliber = ${f.caliber}`);
  if (f.qualityClass === CLASS_NOT_STATED) parts.push(sql`v.quality_class is null`);
  else if (f.qualityClass) parts.push(sql`v.quality_class = ${f.qualityClass}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from supplier_variants v
  join ${productLinkViewSql} l on l.id = v.product_link_id
  join ${companyViewSql} c on c.id = l.company_id`;
const DISCOUNTED = sql`(v.price_kg - v.price_kg * c.discount / 100)`;

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => (Array.isArray(res) ? res : ((res as { rows: Row[] }).rows ?? [])) as Row[];

export interface AggregateRow {
  supplierId: number | null;
  volume: number;
  average: number | null;
}

/**
 * Σ(discounted priceKg × volume) / Σ volume per supplier and over all of them (grouping sets: the
 * row with a null supplier id is the total). Null when Σ volume is 0: lines without volume carry no weight.
 */
export async function aggregates(db: Executor, f: OverviewFilter): Promise<AggregateRow[]> {
  const res = await db.execute(sql`
    select c.id as supplier_id,
           coalesce(sum(v.volume), 0)::text as volume,
           round(sum(${DISCOUNTED} * v.volume) / nullif(sum(v.volume), 0), 6)::text as average
    ${FROM}
    where ${where(f)}
    group by grouping sets ((c.id), ())`);
  return rowsOf(res).map((r) => ({
    supplierId: r.supplier_id === null ? null : Number(r.supplier_id),
    volume: Number(r.volume),
    average: r.average === null ? null : Number(r.average),
  }));
}

/** The ids of the lines shown, with their discounted price, sorted by supplier then price. */
export async function lines(db: Executor, f: OverviewFilter) {
  const res = await db.execute(sql`
    select v.id, round(${DISCOUNTED}, 6)::text as discounted
    ${FROM}
    where ${where(f)}
    order by c.company, ${DISCOUNTED}, v.id`);
  return rowsOf(res).map((r) => ({ id: Number(r.id), discounted: Number(r.discounted) }));
}

/** Origins and calibers present among the article's lines in the range (the filter options). */
export async function distinct(db: Executor, f: OverviewFilter) {
  const base = where({ articleId: f.articleId, startDate: f.startDate, endDate: f.endDate });
  const origins = rowsOf(
    await db.execute(sql`
      select distinct o.id, o.name, o.alpha2 ${FROM} join countries o on o.id = v.origin_id
      where ${base} order by o.name`),
  ).map((r) => ({ id: Number(r.id), name: String(r.name), alpha2: String(r.alpha2) }));
  const calibers = rowsOf(
    await db.execute(sql`
      select distinct v.caliber ${FROM} where ${base} and v.caliber <> '' order by v.caliber`),
  ).map((r) => String(r.caliber));
  return { origins, calibers };
}
