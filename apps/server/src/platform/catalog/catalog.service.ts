import type { Language } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { presentArticle, presentCatalogItem, presentTransport } from './catalog.presenter.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import * as repo from './catalog.repository.js';

export async function listArticles(db: Db) {
  return (await repo.listArticles(db)).map(presentArticle);
}

export async function listBoxes(db: Executor) {
  return (await repo.listBoxes(db)).map(presentCatalogItem);
}

export async function listPackagings(db: Executor) {
  return (await repo.listPackagings(db)).map(presentCatalogItem);
}

/**
 * A packaging's name in the reader's language (issue 37 §6): orders keep the catalogue name of the
 * packaging they were sold in; documents print its translation, the name itself when there is none.
 */
export async function packagingNameIn(db: Executor, name: string, lng: Language): Promise<string> {
  const row = await repo.packagingByName(db, name);
  return row?.names?.[lng]?.trim() || name;
}

export async function listCertificates(db: Executor) {
  return (await repo.listCertificates(db)).map(presentCatalogItem);
}

export async function listTransports(db: Db) {
  return (await repo.listTransports(db)).map(presentTransport);
}

export async function addTransport(db: Db, actor: Actor | null, carrier: string, price: number) {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertTransport(tx, carrier, price.toFixed(2));
      await changes.recordChange(tx, actor, 'carrier', row.id, 'create', null, row);
      return presentTransport(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new HttpError(409, 'CARRIER_EXISTS', `A carrier named ${carrier} already exists.`, [{ path: 'carrier', message: 'carrierExists' }]);
    }
    throw err;
  }
}

/** The carrier, or a 404 naming it: used when a company is given a carrier. */
export async function requireTransport(db: Executor, id: number) {
  const t = await repo.findTransport(db, id);
  if (!t) throw new HttpError(404, 'NOT_FOUND', 'Carrier not found.');
  return t;
}

export async function requireArticleByCode(db: Executor, code: string) {
  const a = await repo.findArticleByCode(db, code);
  if (!a) throw new HttpError(404, 'NOT_FOUND', `No article with code ${code}.`);
  return a;
}

/** Refuses (400) a list naming an article that does not exist. */
export async function requireArticles(db: Executor, ids: number[]) {
  const found = await repo.findArticlesByIds(db, ids);
  const missing = ids.filter((id) => !found.some((a) => a.id === id));
  if (missing.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', `Unknown article ids: ${missing.join(', ')}.`, [{ path: 'productIds', message: 'unknownProduct' }]);
  }
  return found;
}

export async function requireCertificates(db: Executor, ids: number[]) {
  const found = await repo.findCertificatesByIds(db, ids);
  const missing = ids.filter((id) => !found.some((c) => c.id === id));
  if (missing.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', `Unknown certificate ids: ${missing.join(', ')}.`, [{ path: 'certificates', message: 'unknownCertificate' }]);
  }
  return found;
}
