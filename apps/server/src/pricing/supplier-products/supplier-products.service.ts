import { CALIBER_MAX_LENGTH, type SupplierVariant, type VariantAction } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { newVariantRow, type NewVariantInput } from '../../db/supplier-variant-row.js';
import { HttpError } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import { presentVariant } from './supplier-products.presenter.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import * as repo from './supplier-products.repository.js';
import { type VariantRow } from './supplier-products.repository.js';
import { reconcilePrices, type VariantPrices } from './pricing.js';
import { dec, parseEdit, startAfterEnd, unknownRef, type VariantPatch } from './variant-values.js';

export type { NewVariantInput };

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Variant not found.');
const bad = (path: string, message: string) => new HttpError(400, 'VALIDATION_FAILED', `Invalid value for ${path}.`, [{ path, message }]);
const threeDec = (v: number) => Number.isFinite(v) && v >= 0 && v < 1e9 && Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;

function checkInput(input: NewVariantInput) {
  for (const f of ['weightPiece', 'priceKg', 'priceColis', 'pricePiece', 'volume'] as const) {
    const v = input[f];
    if (v !== undefined && v !== null && !threeDec(v)) throw bad(f, 'nonNegativeThreeDecimals');
  }
  if (input.nbPiece !== undefined && (!Number.isInteger(input.nbPiece) || input.nbPiece < 1)) throw bad('nbPiece', 'integerAtLeastOne');
  if (input.caliber !== undefined && input.caliber.trim().length > CALIBER_MAX_LENGTH) throw bad('caliber', 'caliberInvalid');
  if (input.startDate && input.endDate && input.startDate > input.endDate) throw startAfterEnd('endDate');
  if (!!input.startDate !== !!input.endDate) throw bad('dates', 'bothDates');
}

/** Foreign-key refusals on origin/packaging/box are the operator's input, so they are 400, not 500. */
async function refsChecked<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw unknownRef(field);
    throw err;
  }
}

async function present(db: Executor, id: number): Promise<SupplierVariant> {
  const row = await repo.find(db, id);
  if (!row) throw notFound();
  return presentVariant(row);
}

/** An article named in the path: unknown is 404 (the catalog's list check answers 400 for bodies). */
export async function requireArticle(db: Executor, id: number) {
  try {
    return (await catalogService.requireArticles(db, [id]))[0]!;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 400) throw new HttpError(404, 'NOT_FOUND', 'Article not found.');
    throw err;
  }
}

const pricesOf = (v: VariantRow): VariantPrices => ({
  weightPiece: v.weightPiece === null ? null : Number(v.weightPiece),
  nbPiece: v.nbPiece,
  priceKg: Number(v.priceKg),
  priceColis: Number(v.priceColis),
  pricePiece: Number(v.pricePiece),
});

/**
 * Creates one variant on a supplier's product link and answers it in the spec §3 shape. Takes an
 * Executor so another module can call it inside its own transaction (moving an unchecked product).
 * Blank fields get the §3 defaults; a link of a client, or an unknown link, is 404.
 */
export async function addVariant(db: Executor, actor: Actor | null, input: NewVariantInput): Promise<SupplierVariant> {
  checkInput(input);
  const link = await repo.findLink(db, input.productLinkId);
  if (!link || link.kind !== 'supplier') throw new HttpError(404, 'NOT_FOUND', 'Supplier product not found.');
  // checkInput let both dates through or neither.
  const row = newVariantRow({ ...input, caliber: input.caliber?.trim() });
  const created = await refsChecked('origin, packaging or box', () => repo.insert(db, row));
  await changes.recordChange(db, actor, 'variant', created.id, 'create', null, created);
  return present(db, created.id);
}

/** Rows per INSERT of a batch: 1000 × 14 columns stays far under PostgreSQL's 65 535 parameters. */
const BATCH_ROWS = 1000;

/**
 * Many variants at once on supplier product links (a CSV price list, issue 26), in the caller's
 * transaction: each input passes the same checks as addVariant, then the rows go in by chunks of
 * BATCH_ROWS. Answers the new ids in input order. A per-row record (the history of changes) belongs in
 * the loop over `rows` here, as it would in addVariant.
 */
export async function addVariants(tx: Executor, inputs: NewVariantInput[]): Promise<number[]> {
  const rows = inputs.map((input) => {
    checkInput(input);
    return newVariantRow({ ...input, caliber: input.caliber?.trim() });
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const chunk = rows.slice(i, i + BATCH_ROWS);
    ids.push(...(await refsChecked('origin, packaging or box', () => repo.insertMany(tx, chunk))).map((r) => r.id));
  }
  return ids;
}

/** The add-variant modal: blank, or a copy of `copyOf`, which must be a variant of the same product link. */
export async function addBlankOrCopy(db: Db, actor: Actor | null, productLinkId: number, copyOf?: number) {
  return db.transaction(async (tx) => {
    if (copyOf === undefined) return addVariant(tx, actor, { productLinkId });
    const src = await repo.lockRow(tx, copyOf);
    if (!src) throw notFound();
    if (src.productLinkId !== productLinkId) throw new HttpError(409, 'VARIANT_NOT_SAME_PRODUCT', 'Only a variant of the same product can be copied.');
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = src;
    const created = await repo.insert(tx, fields);
    await changes.recordChange(tx, actor, 'variant', created.id, 'create', null, created);
    return present(tx, created.id);
  });
}

/** One batch of the variants export (issue 26): ids above `afterId`, of one supplier or all. */
export async function exportBatch(db: Executor, supplierId: number | undefined, afterId: number, limit: number) {
  return (await repo.listAfter(db, supplierId, afterId, limit)).map(presentVariant);
}

export async function listForSupplier(db: Db, supplierId: number) {
  await companiesService.requireCompany(db, 'supplier', supplierId);
  return (await repo.listBySupplier(db, supplierId)).map(presentVariant);
}

/** One field of one variant (`PUT …/supplier/{action}/{id}/{value}`); answers the variant after it. */
export async function edit(db: Db, actor: Actor | null, action: VariantAction, id: number, raw: string) {
  const parsed = parseEdit(action, raw);
  return db.transaction(async (tx) => {
    const cur = await repo.lockRow(tx, id);
    if (!cur) throw notFound();
    let patch: VariantPatch;
    switch (parsed.kind) {
      case 'ref':
        patch = { [parsed.column]: parsed.value };
        break;
      case 'caliber':
        patch = { caliber: parsed.value };
        break;
      case 'qualityClass':
        patch = { qualityClass: parsed.value };
        break;
      case 'volume':
        patch = { volume: dec(parsed.value) };
        break;
      case 'dates': {
        const start = parsed.startDate ?? cur.startDate;
        const end = parsed.endDate ?? cur.endDate;
        if (start > end) throw startAfterEnd(action);
        patch = { startDate: start, endDate: end };
        break;
      }
      case 'pricing': {
        const p = reconcilePrices(pricesOf(cur), parsed.field, parsed.value);
        patch = {
          weightPiece: p.weightPiece === null ? null : dec(p.weightPiece),
          nbPiece: p.nbPiece,
          priceKg: dec(p.priceKg),
          priceColis: dec(p.priceColis),
          pricePiece: dec(p.pricePiece),
        };
        break;
      }
    }
    await refsChecked(action, () => repo.update(tx, id, patch));
    await changes.recordChange(tx, actor, 'variant', id, 'update', cur, (await repo.lockRow(tx, id))!);
    return present(tx, id);
  });
}

export async function remove(db: Db, actor: Actor | null, id: number) {
  await db.transaction(async (tx) => {
    const gone = await repo.delete(tx, id);
    if (!gone) throw notFound();
    await changes.recordChange(tx, actor, 'variant', id, 'delete', gone, null);
  });
}

/** The suppliers whose product list holds the article, in the spec §3 supplier shape. */
export async function allowedSuppliers(db: Db, articleId: number) {
  await requireArticle(db, articleId);
  const ids = await repo.supplierIdsForArticle(db, articleId);
  return Promise.all(ids.map((id) => companiesService.supplier(db, id)));
}
