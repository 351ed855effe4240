import type { Overview, OverviewDistinct } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { presentVariant } from './supplier-products.presenter.js';
import * as repo from './supplier-products.repository.js';
import { requireArticle } from './supplier-products.service.js';
import * as overviewRepository from './overview.repository.js';
import { type OverviewFilter } from './overview.repository.js';

/** The supplier overview (`GET …/supplier/productDetails`): averages from SQL, then the lines to expand. */
export async function overview(db: Db, f: OverviewFilter): Promise<Overview> {
  await requireArticle(db, f.articleId);
  const [aggregates, lines] = await Promise.all([overviewRepository.aggregates(db, f), overviewRepository.lines(db, f)]);
  const rows = await repo.listByIds(
    db,
    lines.map((l) => l.id),
  );
  const byId = new Map(rows.map((r) => [r.variant.id, r]));
  const total = aggregates.find((a) => a.supplierId === null);
  const suppliers = new Map<number, Overview['suppliers'][number]>();
  for (const line of lines) {
    const row = byId.get(line.id);
    if (!row) continue;
    let entry = suppliers.get(row.supplier.id);
    if (!entry) {
      const agg = aggregates.find((a) => a.supplierId === row.supplier.id);
      entry = {
        supplier: { id: row.supplier.id, company: row.supplier.company },
        discount: Number(row.supplier.discount),
        volume: agg?.volume ?? 0,
        average: agg?.average ?? null,
        variants: [],
      };
      suppliers.set(row.supplier.id, entry);
    }
    const { supplier: _s, supplierProductList: _l, ...variant } = presentVariant(row);
    entry.variants.push({ ...variant, discountedPriceKg: line.discounted });
  }
  return { average: total?.average ?? null, volume: total?.volume ?? 0, suppliers: [...suppliers.values()] };
}

export async function distinct(db: Db, f: OverviewFilter): Promise<OverviewDistinct> {
  await requireArticle(db, f.articleId);
  return overviewRepository.distinct(db, f);
}
