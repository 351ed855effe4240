import type { Db, Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { presentArticle, presentTransport } from './catalog.presenter.js';
import { catalogRepository as repo } from './catalog.repository.js';

export const catalogService = {
  listArticles: async (db: Db) => (await repo.listArticles(db)).map(presentArticle),
  listBoxes: (db: Db) => repo.listBoxes(db),
  listPackagings: (db: Db) => repo.listPackagings(db),
  listCertificates: (db: Db) => repo.listCertificates(db),
  listTransports: async (db: Db) => (await repo.listTransports(db)).map(presentTransport),

  async addTransport(db: Db, carrier: string, price: number) {
    try {
      return presentTransport(await repo.insertTransport(db, carrier, price.toFixed(2)));
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new HttpError(409, 'CARRIER_EXISTS', `A carrier named ${carrier} already exists.`, [{ path: 'carrier', message: 'carrierExists' }]);
      }
      throw err;
    }
  },

  /** The carrier, or a 404 naming it: used when a company is given a carrier. */
  async requireTransport(db: Executor, id: number) {
    const t = await repo.findTransport(db, id);
    if (!t) throw new HttpError(404, 'NOT_FOUND', 'Carrier not found.');
    return t;
  },

  async requireArticleByCode(db: Executor, code: string) {
    const a = await repo.findArticleByCode(db, code);
    if (!a) throw new HttpError(404, 'NOT_FOUND', `No article with code ${code}.`);
    return a;
  },

  /** Refuses (400) a list naming an article that does not exist. */
  async requireArticles(db: Executor, ids: number[]) {
    const found = await repo.findArticlesByIds(db, ids);
    const missing = ids.filter((id) => !found.some((a) => a.id === id));
    if (missing.length) {
      throw new HttpError(400, 'VALIDATION_FAILED', `Unknown article ids: ${missing.join(', ')}.`, [{ path: 'productIds', message: 'unknownProduct' }]);
    }
    return found;
  },

  async requireCertificates(db: Executor, ids: number[]) {
    const found = await repo.findCertificatesByIds(db, ids);
    const missing = ids.filter((id) => !found.some((c) => c.id === id));
    if (missing.length) {
      throw new HttpError(400, 'VALIDATION_FAILED', `Unknown certificate ids: ${missing.join(', ')}.`, [{ path: 'certificates', message: 'unknownCertificate' }]);
    }
    return found;
  },
};
