import type { z } from 'zod';
import {
  AUCTION_DURATION_MS,
  MAX_PHOTOS_PER_PRODUCT,
  type AdminProduct,
  type productInput,
  type purchaseRequestInput,
  type PurchaseRequest,
  type SupplierProduct,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { effectiveStatus, presentProduct, todayUtc } from './marketplace.presenter.js';
import { marketplaceRepository as repo, type NewProduct, type ProductRow } from './marketplace.repository.js';
import type { CheckedPhoto, PhotoStore } from './photos.js';

type Input = z.output<typeof productInput>;

/** An auction may be scheduled a little in the past (clock skew, a slow form), never backdated. */
const START_TOLERANCE_MS = 10 * 60_000;

const suppliersOnly = (user: SessionUser) => {
  if (user.category !== 'supplier') throw new HttpError(403, 'SUPPLIERS_ONLY', 'Only suppliers can manage lots.');
};

async function assertReferences(db: Executor, input: Input) {
  const checks: Array<[boolean, string]> = [
    [await repo.articleExists(db, input.articleId), 'articleId'],
    [await repo.countryExists(db, input.originId), 'originId'],
    [await repo.packagingExists(db, input.packagingId), 'packagingId'],
  ];
  const bad = checks.filter(([ok]) => !ok).map(([, p]) => ({ path: p, message: 'unknown' }));
  if (bad.length) throw new HttpError(400, 'UNKNOWN_REFERENCE', 'The article, origin or packaging does not exist.', bad);
}

/** Columns from the form; the status follows from "sell at auction", except that a lot the operator disabled stays so. */
function columnsFrom(input: Input, current?: ProductRow): Omit<NewProduct, 'supplierId'> {
  let auctionStartDate: Date | null = null;
  if (input.auctionStartDate) {
    auctionStartDate = new Date(input.auctionStartDate);
    const unchanged = current?.auctionStartDate?.getTime() === auctionStartDate.getTime();
    if (!unchanged && auctionStartDate.getTime() < Date.now() - START_TOLERANCE_MS) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'The auction cannot start in the past.', [{ path: 'auctionStartDate', message: 'inPast' }]);
    }
  }
  const status = current?.status === 'DISABLED' ? 'DISABLED' : auctionStartDate ? 'IN_AUCTION' : 'ENABLED';
  return {
    articleId: input.articleId,
    name: input.name,
    description: input.description,
    caliber: input.caliber,
    originId: input.originId,
    packagingId: input.packagingId,
    price: input.price.toFixed(2),
    quantity: input.quantity,
    availableUntil: input.availableUntil,
    status,
    auctionStartDate,
    endsAt: auctionStartDate ? new Date(auctionStartDate.getTime() + AUCTION_DURATION_MS) : null,
    closedAt: null,
    winningOfferId: null,
  };
}

/** Locks the supplier's own lot and refuses once a bid exists (from then on only the operator acts on it). */
async function lockOwnEditable(tx: Executor, user: SessionUser, productId: number) {
  suppliersOnly(user);
  const row = await repo.lockById(tx, productId);
  if (!row) throw notFound('Product');
  if (row.supplierId !== user.id) throw new HttpError(403, 'FORBIDDEN', 'This lot belongs to another supplier.');
  if (await repo.hasOffers(tx, productId)) {
    throw new HttpError(409, 'PRODUCT_HAS_OFFERS', 'This lot has offers; only the operator can change it now.');
  }
  return row;
}

export const marketplaceService = {
  assertSupplier: suppliersOnly,

  async formOptions(db: Db) {
    const [articles, packagings] = await Promise.all([repo.articles(db), repo.packagings(db)]);
    return { articles, packagings };
  },

  async listActive(db: Db) {
    const now = new Date();
    return (await repo.listActive(db, todayUtc(now))).map((v) => presentProduct(v, now));
  },

  /** Lots by id, presented (for the auctions module). */
  async productsByIds(db: Executor, ids: number[]): Promise<Map<number, AdminProduct>> {
    if (ids.length === 0) return new Map();
    const now = new Date();
    return new Map((await repo.listByIds(db, ids)).map((v) => [v.product.id, presentProduct(v, now)]));
  },

  async productById(db: Executor, id: number): Promise<AdminProduct | undefined> {
    const v = await repo.findView(db, id);
    return v ? presentProduct(v) : undefined;
  },

  /** Auction items of spec §3 for the running auctions, in one query. */
  async openAuctions(db: Db): Promise<Array<{ amount: number | null; product: AdminProduct }>> {
    const now = new Date();
    return (await repo.listOpenAuctions(db)).map((r) => ({ amount: r.highest === null ? null : Number(r.highest), product: presentProduct(r, now) }));
  },

  async listAll(db: Db) {
    const now = new Date();
    return (await repo.listAll(db)).map((v) => presentProduct(v, now));
  },

  /** Admin toggle ENABLED ↔ DISABLED; any other status (auction, expired) is not the operator's switch. */
  async toggleEnabled(db: Db, productId: number) {
    const row = await repo.findById(db, productId);
    if (!row) throw notFound('Product');
    const shown = effectiveStatus(row);
    if ((shown !== 'ENABLED' && shown !== 'DISABLED') || !(await repo.toggleEnabled(db, productId))) {
      throw new HttpError(409, 'STATUS_NOT_TOGGLEABLE', `A lot in status ${shown} cannot be enabled or disabled.`);
    }
    return marketplaceService.listAll(db);
  },

  async mine(db: Db, user: SessionUser): Promise<SupplierProduct[]> {
    suppliersOnly(user);
    const now = new Date();
    const views = await repo.listBySupplier(db, user.id);
    const stats = await repo.offerStats(db, views.map((v) => v.product.id));
    const winners = await repo.winners(db, views.flatMap((v) => (v.product.winningOfferId ? [v.product.winningOfferId] : [])));
    return views.map((v) => {
      const s = stats.get(v.product.id);
      return {
        ...presentProduct(v, now),
        offersCount: s?.count ?? 0,
        highest: s?.highest ?? null,
        editable: !s,
        winner: v.product.winningOfferId ? (winners.get(v.product.winningOfferId) ?? null) : null,
      };
    });
  },

  /** Creates the lot and stores its photos; if anything fails, neither the row nor a file remains. */
  async create(db: Db, store: PhotoStore, user: SessionUser, input: Input, photos: CheckedPhoto[]) {
    suppliersOnly(user);
    if (photos.length < 1) throw new HttpError(400, 'BAD_PHOTO', 'Add at least one photo.', [{ path: 'photos', message: 'required' }]);
    if (photos.length > MAX_PHOTOS_PER_PRODUCT) throw tooManyPhotos();
    let createdId: number | undefined;
    try {
      return await db.transaction(async (tx) => {
        await assertReferences(tx, input);
        const row = await repo.insert(tx, { ...columnsFrom(input), supplierId: user.id });
        createdId = row.id;
        const names = await store.save(row.id, photos);
        await repo.update(tx, row.id, { photos: names });
        return presentProduct((await repo.findView(tx, row.id))!);
      });
    } catch (err) {
      if (createdId !== undefined) await store.removeAll(createdId);
      throw err;
    }
  },

  async update(db: Db, user: SessionUser, productId: number, input: Input) {
    return db.transaction(async (tx) => {
      const row = await lockOwnEditable(tx, user, productId);
      await assertReferences(tx, input);
      await repo.update(tx, productId, columnsFrom(input, row));
      return presentProduct((await repo.findView(tx, productId))!);
    });
  },

  async addPhotos(db: Db, store: PhotoStore, user: SessionUser, productId: number, photos: CheckedPhoto[]) {
    let saved: string[] = [];
    try {
      return await db.transaction(async (tx) => {
        const row = await lockOwnEditable(tx, user, productId);
        if (photos.length < 1) throw new HttpError(400, 'BAD_PHOTO', 'Add at least one photo.', [{ path: 'photos', message: 'required' }]);
        if (row.photos.length + photos.length > MAX_PHOTOS_PER_PRODUCT) throw tooManyPhotos();
        saved = await store.save(productId, photos);
        await repo.update(tx, productId, { photos: [...row.photos, ...saved] });
        return presentProduct((await repo.findView(tx, productId))!);
      });
    } catch (err) {
      await store.remove(productId, saved);
      throw err;
    }
  },

  async removePhoto(db: Db, store: PhotoStore, user: SessionUser, productId: number, file: string) {
    const view = await db.transaction(async (tx) => {
      const row = await lockOwnEditable(tx, user, productId);
      if (!row.photos.includes(file)) throw notFound('Photo');
      if (row.photos.length <= 1) throw new HttpError(409, 'LAST_PHOTO', 'A lot keeps at least one photo.');
      await repo.update(tx, productId, { photos: row.photos.filter((p) => p !== file) });
      return presentProduct((await repo.findView(tx, productId))!);
    });
    await store.remove(productId, [file]);
    return view;
  },

  /** Withdraws (deletes) the supplier's lot while nobody has bid on it. */
  async withdraw(db: Db, store: PhotoStore, user: SessionUser, productId: number) {
    await db.transaction(async (tx) => {
      await lockOwnEditable(tx, user, productId);
      await repo.delete(tx, productId);
    });
    await store.removeAll(productId);
  },

  async requestPurchase(db: Db, user: SessionUser, productId: number, input: z.output<typeof purchaseRequestInput>) {
    if (user.category !== 'client') throw new HttpError(403, 'BUYERS_ONLY', 'Only buyers can send purchase requests.');
    const row = await repo.findById(db, productId);
    if (!row) throw notFound('Product');
    if (row.auctionStartDate || effectiveStatus(row) !== 'ENABLED') {
      throw new HttpError(409, 'PRODUCT_NOT_AVAILABLE', 'This lot is not on sale in the marketplace.');
    }
    if (input.pallets > row.quantity) {
      throw new HttpError(400, 'TOO_MANY_PALLETS', `At most ${row.quantity} pallets are available.`, [{ path: 'pallets', message: 'tooMany' }], {
        available: row.quantity,
      });
    }
    const saved = await repo.insertRequest(db, { productId, buyerId: user.id, pallets: input.pallets, message: input.message });
    return { id: saved.id };
  },

  async requestsReceived(db: Db, user: SessionUser): Promise<PurchaseRequest[]> {
    suppliersOnly(user);
    return (await repo.requestsForSupplier(db, user.id)).map((r) => ({
      id: r.request.id,
      productId: r.request.productId,
      productTitle: r.productTitle,
      buyer: r.buyer,
      pallets: r.request.pallets,
      message: r.request.message,
      created: r.request.createdAt.toISOString(),
    }));
  },
};

const tooManyPhotos = () =>
  new HttpError(400, 'TOO_MANY_PHOTOS', `A lot has at most ${MAX_PHOTOS_PER_PRODUCT} photos.`, [{ path: 'photos', message: 'tooMany' }]);
