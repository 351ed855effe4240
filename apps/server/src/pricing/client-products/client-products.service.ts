import type { AddClientVariant, SupplierVariant } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as productLinksService from '../../companies/product-links/product-links.service.js';
import * as supplierProductsService from '../supplier-products/supplier-products.service.js';
import { presentClientVariant } from './client-products.presenter.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import * as repo from './client-products.repository.js';

/** Every supplier variant of one article, whatever its dates: what the add modal offers to copy. */
async function supplierVariantsOf(db: Db, articleId: number): Promise<SupplierVariant[]> {
  const suppliers = await supplierProductsService.allowedSuppliers(db, articleId);
  const lists = await Promise.all(suppliers.map((s) => supplierProductsService.listForSupplier(db, s.id)));
  return lists.flat().filter((v) => v.supplierProductList.product.id === articleId);
}

export { supplierVariantsOf };

export async function listForClient(db: Db, clientId: number) {
  await companiesService.requireCompany(db, 'client', clientId);
  return (await repo.listByClient(db, clientId)).map(presentClientVariant);
}

/**
 * Adds a variant to one of the client's products: a copy of the origin, box, packaging, caliber
 * and weights of a supplier variant of the same product, or the fields given.
 */
export async function add(db: Db, actor: Actor | null, clientId: number, input: AddClientVariant) {
  await companiesService.requireCompany(db, 'client', clientId);
  const links = (await productLinksService.listByCompanies(db, [clientId])).get(clientId) ?? [];
  const link = links.find((l) => l.product.id === input.productId);
  if (!link) {
    throw new HttpError(409, 'PRODUCT_NOT_IN_CLIENT_LIST', 'This client does not have this product in their list.', [
      { path: 'productId', message: 'productNotInClientList' },
    ]);
  }
  let fields = {
    originId: input.originId ?? null,
    boxId: input.boxId ?? null,
    packagingId: input.packagingId ?? null,
    caliber: input.caliber ?? '',
    weightPiece: input.weightPiece ?? null,
    nbPiece: input.nbPiece ?? 1,
  };
  if (input.supplierVariantId !== undefined) {
    const source = (await supplierVariantsOf(db, input.productId)).find((v) => v.id === input.supplierVariantId);
    if (!source) {
      throw new HttpError(409, 'VARIANT_NOT_SAME_PRODUCT', 'Only a supplier variant of the same product can be copied.');
    }
    fields = {
      originId: source.origin?.id ?? null,
      boxId: source.box?.id ?? null,
      packagingId: source.packaging?.id ?? null,
      caliber: source.caliber,
      weightPiece: source.weightPiece,
      nbPiece: source.nbPiece,
    };
  }
  try {
    return await db.transaction(async (tx) => {
      const created = await repo.insert(tx, {
        productLinkId: link.id,
        ...fields,
        weightPiece: fields.weightPiece === null ? null : fields.weightPiece.toFixed(3),
      });
      await changes.recordChange(tx, actor, 'clientVariant', created.id, 'create', null, created);
      return presentClientVariant((await repo.find(tx, created.id))!);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'Unknown origin, box or packaging.', [{ path: 'origin, box or packaging', message: 'unknownReference' }]);
    }
    throw err;
  }
}

/** The fields of a client variant as an import gives them (every reference already checked by the caller). */
export interface ClientVariantFields {
  originId: number | null;
  boxId: number | null;
  packagingId: number | null;
  caliber: string;
  weightPiece: number | null;
  nbPiece: number;
}

/**
 * Client variants on links, in the caller's transaction (a CSV client list, issue 26), by chunks of
 * 1000 rows per INSERT; answers the ids in input order. A per-row record (the history of changes)
 * belongs in the loop over `rows` here.
 */
export async function addOnLinks(tx: Executor, items: Array<{ productLinkId: number; fields: ClientVariantFields }>): Promise<number[]> {
  const rows = items.map(({ productLinkId, fields }) => ({
    productLinkId,
    ...fields,
    weightPiece: fields.weightPiece === null ? null : fields.weightPiece.toFixed(3),
  }));
  const ids: number[] = [];
  try {
    for (let i = 0; i < rows.length; i += 1000) ids.push(...(await repo.insertMany(tx, rows.slice(i, i + 1000))).map((r) => r.id));
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'Unknown origin, box or packaging.', [{ path: 'origin, box or packaging', message: 'unknownReference' }]);
    }
    throw err;
  }
  return ids;
}

export async function remove(db: Db, actor: Actor | null, id: number) {
  await db.transaction(async (tx) => {
    const gone = await repo.delete(tx, id);
    if (!gone) throw new HttpError(404, 'NOT_FOUND', 'Client variant not found.');
    await changes.recordChange(tx, actor, 'clientVariant', id, 'delete', gone, null);
  });
}
