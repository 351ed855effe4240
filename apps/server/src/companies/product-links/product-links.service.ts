import type { ProductLink, ProductLinkWithOwner } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import { requireCompany, type CompanyKind } from '../companies/company-view.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import * as repo from './product-links.repository.js';
import { type LinkWithProduct } from './product-links.repository.js';

const presentLink = ({ link, article }: LinkWithProduct): ProductLink => ({
  id: link.id,
  product: { id: article.id, code: article.code, family: article.family, subfamily: article.subfamily, article: article.article, names: article.names },
});

const presentWithOwner = (row: LinkWithProduct): ProductLinkWithOwner => ({
  ...presentLink(row),
  supplierId: row.kind === 'supplier' ? row.link.companyId : null,
  clientId: row.kind === 'client' ? row.link.companyId : null,
});

const alreadyLinked = (codes: string[]) =>
  new HttpError(409, 'PRODUCT_ALREADY_LINKED', `Already in the list: ${codes.join(', ')}.`, [{ path: 'productIds', message: 'alreadyLinked' }]);

/** Links articles to a company in one transaction: every id must exist and none be linked yet. */
async function link(db: Db, actor: Actor | null, kind: CompanyKind, companyId: number, articleIds: number[]) {
  try {
    return await db.transaction(async (tx) => {
      await requireCompany(tx, kind, companyId);
      const found = await catalogService.requireArticles(tx, articleIds);
      const dup = await repo.linkedArticleIds(tx, companyId, articleIds);
      if (dup.length) throw alreadyLinked(found.filter((a) => dup.includes(a.id)).map((a) => a.code));
      const rows = await repo.insertMany(tx, companyId, articleIds);
      for (const { id, ...fields } of rows) await changes.recordChange(tx, actor, 'productLink', id, 'create', null, fields);
      return rows.map((r) => r.id);
    });
  } catch (err) {
    // Two admins adding the same article at once: the unique index decides.
    if (isUniqueViolation(err, 'product_links_company_article_uq')) throw alreadyLinked([]);
    throw err;
  }
}

/**
 * The link of each article in a company's list, added where missing (a CSV import names articles the
 * company may not list yet); runs in the caller's transaction. Answers article id → link id.
 */
export async function ensureLinked(tx: Executor, kind: CompanyKind, companyId: number, articleIds: number[]) {
  await requireCompany(tx, kind, companyId);
  const wanted = [...new Set(articleIds)];
  const linked = new Set(await repo.linkedArticleIds(tx, companyId, wanted));
  const missing = wanted.filter((id) => !linked.has(id));
  if (missing.length) {
    await catalogService.requireArticles(tx, missing);
    await repo.insertMany(tx, companyId, missing);
  }
  const byArticle = new Map<number, number>();
  for (const row of await repo.listByCompanies(tx, [companyId])) byArticle.set(row.article.id, row.link.id);
  return byArticle;
}

/** Links grouped by company id, for the company presenters. */
export async function listByCompanies(db: Executor, companyIds: number[]) {
  const byCompany = new Map<number, ProductLink[]>();
  for (const row of await repo.listByCompanies(db, companyIds)) {
    const list = byCompany.get(row.link.companyId) ?? [];
    list.push(presentLink(row));
    byCompany.set(row.link.companyId, list);
  }
  return byCompany;
}

export async function listFor(db: Db, kind: CompanyKind, companyId: number) {
  await requireCompany(db, kind, companyId);
  return (await listByCompanies(db, [companyId])).get(companyId) ?? [];
}

export async function get(db: Db, id: number) {
  const row = await repo.find(db, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Product link not found.');
  return presentWithOwner(row);
}

/** `user/add/{kind}/{code}/{companyId}`: one article, by its catalog code. */
export async function addByCode(db: Db, actor: Actor | null, kind: CompanyKind, code: string, companyId: number) {
  await requireCompany(db, kind, companyId);
  const article = await catalogService.requireArticleByCode(db, code);
  const [id] = await link(db, actor, kind, companyId, [article.id]);
  return get(db, id!);
}

/** `user/products/add`: the add-product modal's selection; answers the owner's whole list. */
export async function addMany(db: Db, actor: Actor | null, kind: CompanyKind, companyId: number, articleIds: number[]) {
  await link(db, actor, kind, companyId, articleIds);
  return listFor(db, kind, companyId);
}

/** Deletes a link of the given kind of owner (and, by cascade, the price-list variants on it). */
export async function remove(db: Db, actor: Actor | null, kind: CompanyKind, id: number) {
  const row = await repo.find(db, id);
  if (!row || row.kind !== kind) throw new HttpError(404, 'NOT_FOUND', 'Product link not found.');
  try {
    await db.transaction(async (tx) => {
      await repo.delete(tx, id);
      await changes.recordChange(tx, actor, 'productLink', id, 'delete', { companyId: row.link.companyId, articleId: row.link.articleId }, null);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new HttpError(409, 'PRODUCT_IN_USE', 'This product is still referred to by other records.');
    throw err;
  }
}
