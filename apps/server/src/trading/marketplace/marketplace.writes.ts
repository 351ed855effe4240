import type { z } from 'zod';
import {
  AUCTION_DURATION_MS,
  isoDay,
  MAX_BID_CENTS,
  MAX_PHOTOS_PER_PRODUCT,
  originalEndMs,
  SOFT_CLOSE_MAX_EXTENSION_MS,
  toCents,
  type ErrorCode,
  type productInput,
  type purchaseRequestInput,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import type { SessionUser } from '../../plugins/session.js';
import * as changes from '../../events/changes.js';
import { type Actor } from '../../events/changes.js';
import { effectiveStatus } from './marketplace.presenter.js';
import { listAll, presentViews } from './marketplace.reads.js';
import * as auctionsView from '../auctions/auctions.read-model.js';
import * as repo from './marketplace.repository.js';
import { type NewProduct, type ProductRow } from './marketplace.repository.js';
import type { CheckedPhoto, PhotoStore } from '../../media/photos.js';

/**
 * The marketplace's writes: a lot created, imported, edited, its photos added or removed, withdrawn,
 * enabled or disabled by the operator, and a buyer's purchase request; each checked by the lot form's
 * rules and recorded in the history of changes in its transaction.
 */

type Input = z.output<typeof productInput>;

/** An auction may be scheduled a little in the past (clock skew, a slow form), never backdated. */
const START_TOLERANCE_MS = 10 * 60_000;
/** How far ahead an auction may be scheduled. */
const MAX_START_AHEAD_MS = 366 * 86_400_000;

/**
 * The lot's dates make sense together (decision 503): "available until" is not past, and an
 * auction (its 3 days and the soft-close cap) ends within the availability and starts within a year.
 * Unchanged values of an existing lot are not re-checked, so an edit of another field never fails on them.
 */
function assertLotDates(input: Input, current: ProductRow | undefined, now = Date.now()) {
  const bad = (status: number, code: ErrorCode, message: string, path: string) => new HttpError(status, code, message, [{ path, message: code }]);
  const untilChanged = !current || current.availableUntil !== input.availableUntil;
  if (untilChanged && input.availableUntil < isoDay(now)) {
    throw bad(400, 'AVAILABLE_UNTIL_PAST', 'The lot cannot be available until a past day.', 'availableUntil');
  }
  if (!input.auctionStartDate) return;
  const start = Date.parse(input.auctionStartDate);
  const startChanged = current?.auctionStartDate?.getTime() !== start;
  if (startChanged && start > now + MAX_START_AHEAD_MS) {
    throw bad(400, 'AUCTION_START_TOO_FAR', 'An auction starts at most one year ahead.', 'auctionStartDate');
  }
  if ((untilChanged || startChanged) && isoDay(start + AUCTION_DURATION_MS + SOFT_CLOSE_MAX_EXTENSION_MS) > input.availableUntil) {
    throw bad(400, 'AUCTION_OUTSIDE_AVAILABILITY', 'The auction must end before the lot stops being available.', 'availableUntil');
  }
}

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
  assertLotDates(input, current);
  let auctionStartDate: Date | null = null;
  if (input.auctionStartDate) {
    auctionStartDate = new Date(input.auctionStartDate);
    const unchanged = current?.auctionStartDate?.getTime() === auctionStartDate.getTime();
    if (!unchanged && auctionStartDate.getTime() < Date.now() - START_TOLERANCE_MS) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'The auction cannot start in the past.', [{ path: 'auctionStartDate', message: 'inPast' }]);
    }
  }
  // The hidden reserve belongs to auction lots only, at or above the starting price (decision 403).
  const reserve = input.reservePrice ?? null;
  if (reserve !== null && !auctionStartDate) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Only an auction lot has a reserve price.', [{ path: 'reservePrice', message: 'auctionOnly' }]);
  }
  if (reserve !== null && toCents(reserve) < toCents(input.price)) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The reserve price must be at least the starting price.', [
      { path: 'reservePrice', message: 'belowStartingPrice' },
    ]);
  }
  if (reserve !== null && toCents(reserve) > MAX_BID_CENTS) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The reserve price is above the highest possible bid.', [{ path: 'reservePrice', message: 'tooLarge' }]);
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
    netKgPerPallet: input.netKgPerPallet.toFixed(2),
    boxesPerPallet: input.boxesPerPallet ?? null,
    netKgPerBox: input.netKgPerBox === null || input.netKgPerBox === undefined ? null : input.netKgPerBox.toFixed(3),
    qualityClass: input.qualityClass,
    variety: input.variety ?? null,
    packedOn: input.packedOn ?? null,
    gtin: input.gtin ?? null,
    availableUntil: input.availableUntil,
    status,
    auctionStartDate,
    endsAt: auctionStartDate ? new Date(originalEndMs(auctionStartDate)) : null,
    reservePrice: reserve === null ? null : reserve.toFixed(2),
    closedAt: null,
    winningOfferId: null,
  };
}

/** Locks the supplier's own lot and refuses once a bid exists (from then on only the operator acts on it). */
async function lockOwnEditable(tx: Executor, user: SessionUser, productId: number) {
  const row = await repo.lockById(tx, productId);
  if (!row) throw notFound('Product');
  if (row.supplierId !== user.id) throw new HttpError(403, 'FORBIDDEN', 'This lot belongs to another supplier.');
  if (await auctionsView.hasOffers(tx, productId)) {
    throw new HttpError(409, 'PRODUCT_HAS_OFFERS', 'This lot has offers; only the operator can change it now.');
  }
  return row;
}

/** Admin toggle ENABLED ↔ DISABLED; any other status (auction, expired) is not the operator's switch. */
export async function toggleEnabled(db: Db, actor: Actor | null, productId: number) {
  const row = await repo.findById(db, productId);
  if (!row) throw notFound('Product');
  await setEnabled(db, actor, productId, effectiveStatus(row) !== 'ENABLED');
  return listAll(db);
}

/**
 * Puts a lot in ENABLED or DISABLED, in its own transaction with the row locked; a lot already so is
 * left alone (a retried bulk request is done once). A lot in auction or expired (as the lists show it)
 * is not the operator's switch: 409 STATUS_NOT_TOGGLEABLE.
 */
export async function setEnabled(db: Db, actor: Actor | null, productId: number, enabled: boolean) {
  const target = enabled ? 'ENABLED' : 'DISABLED';
  await db.transaction(async (tx) => {
    const row = await repo.lockById(tx, productId);
    if (!row) throw notFound('Product');
    const shown = effectiveStatus(row);
    if (shown === target) return;
    const after = shown === 'ENABLED' || shown === 'DISABLED' ? await repo.toggleEnabled(tx, productId) : undefined;
    if (!after) throw new HttpError(409, 'STATUS_NOT_TOGGLEABLE', `A lot in status ${shown} cannot be enabled or disabled.`);
    // The history of changes (issue 26), in the same transaction: single toggles and bulk rows alike.
    await changes.recordChange(tx, actor, 'lot', productId, 'update', row, after);
  });
}

/**
 * A recalled lot leaves the marketplace (issue 37 §5): for sale or in auction, it is DISABLED in the
 * recall's transaction (an auction so stopped takes no more bids and never closes into an order).
 * A lot already sold out, expired or disabled stays as it is. Answers whether it was withdrawn now.
 */
export async function withdrawForRecall(tx: Executor, actor: Actor, productId: number): Promise<boolean> {
  const row = await repo.lockById(tx, productId);
  if (!row || (row.status !== 'ENABLED' && row.status !== 'IN_AUCTION')) return false;
  const after = await repo.disable(tx, productId);
  await changes.recordChange(tx, actor, 'lot', productId, 'update', row, after);
  return true;
}

/** Creates the lot and stores its photos; if anything fails, neither the row nor a file remains. */
export async function create(db: Db, store: PhotoStore, user: SessionUser, input: Input, photos: CheckedPhoto[]) {
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
      await changes.recordChange(tx, user, 'lot', row.id, 'create', null, (await repo.findById(tx, row.id))!);
      return (await presentViews(tx, [(await repo.findView(tx, row.id))!]))[0]!;
    });
  } catch (err) {
    if (createdId !== undefined) await store.removeAll(createdId);
    throw err;
  }
}

/**
 * Lots the operator imports for suppliers (issue 26, decision 887), in the caller's transaction: each
 * passes the form's rules (dates, reserve; references by the foreign keys, 400 when one is unknown),
 * no photos yet — the supplier adds them from "My lots". Inserted by chunks of 500; answers the ids in
 * input order. A per-row record (the history of changes) belongs in the loop over `rows` here.
 */
export async function createImported(tx: Executor, items: Array<{ supplierId: number; input: Input }>): Promise<number[]> {
  const rows = items.map(({ supplierId, input }) => ({ ...columnsFrom(input), supplierId }));
  const ids: number[] = [];
  try {
    for (let i = 0; i < rows.length; i += 500) ids.push(...(await repo.insertMany(tx, rows.slice(i, i + 500))).map((r) => r.id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new HttpError(400, 'UNKNOWN_REFERENCE', 'The supplier, article, origin or packaging does not exist.');
    throw err;
  }
  return ids;
}

/** The form's own checks of a lot, without writing: the import preview's per-row answer (null when it passes). */
export function checkLotRules(input: Input): HttpError | null {
  try {
    columnsFrom(input);
    return null;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
}

export async function update(db: Db, user: SessionUser, productId: number, input: Input) {
  return db.transaction(async (tx) => {
    const row = await lockOwnEditable(tx, user, productId);
    await assertReferences(tx, input);
    await repo.update(tx, productId, columnsFrom(input, row));
    await changes.recordChange(tx, user, 'lot', productId, 'update', row, (await repo.findById(tx, productId))!);
    return (await presentViews(tx, [(await repo.findView(tx, productId))!]))[0]!;
  });
}

export async function addPhotos(db: Db, store: PhotoStore, user: SessionUser, productId: number, photos: CheckedPhoto[]) {
  let saved: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const row = await lockOwnEditable(tx, user, productId);
      if (photos.length < 1) throw new HttpError(400, 'BAD_PHOTO', 'Add at least one photo.', [{ path: 'photos', message: 'required' }]);
      if (row.photos.length + photos.length > MAX_PHOTOS_PER_PRODUCT) throw tooManyPhotos();
      saved = await store.save(productId, photos);
      await repo.update(tx, productId, { photos: [...row.photos, ...saved] });
      await changes.recordChange(tx, user, 'lot', productId, 'update', row, (await repo.findById(tx, productId))!);
      return (await presentViews(tx, [(await repo.findView(tx, productId))!]))[0]!;
    });
  } catch (err) {
    await store.remove(productId, saved);
    throw err;
  }
}

export async function removePhoto(db: Db, store: PhotoStore, user: SessionUser, productId: number, file: string) {
  const view = await db.transaction(async (tx) => {
    const row = await lockOwnEditable(tx, user, productId);
    if (!row.photos.includes(file)) throw notFound('Photo');
    if (row.photos.length <= 1) throw new HttpError(409, 'LAST_PHOTO', 'A lot keeps at least one photo.');
    await repo.update(tx, productId, { photos: row.photos.filter((p) => p !== file) });
    await changes.recordChange(tx, user, 'lot', productId, 'update', row, (await repo.findById(tx, productId))!);
    return (await presentViews(tx, [(await repo.findView(tx, productId))!]))[0]!;
  });
  await store.remove(productId, [file]);
  return view;
}

/** Withdraws (deletes) the supplier's lot while nobody has bid on it. */
export async function withdraw(db: Db, store: PhotoStore, user: SessionUser, productId: number) {
  await db.transaction(async (tx) => {
    const row = await lockOwnEditable(tx, user, productId);
    await repo.delete(tx, productId);
    await changes.recordChange(tx, user, 'lot', productId, 'delete', row, null);
  });
  await store.removeAll(productId);
}

// ---- the lot writes of the other trading modules, in their transaction ------------------------

/** Locks a lot for the rest of the caller's transaction (an order takes or gives back pallets); undefined when there is none. */
export const lockLot = (tx: Executor, productId: number) => repo.lockById(tx, productId);

/** Sets the pallets left on a lot. */
export const setLotQuantity = (tx: Executor, productId: number, quantity: number) => repo.update(tx, productId, { quantity });

/** A new lot (a cancelled auction order's pallets back on sale, decision 724). */
export const insertLot = (tx: Executor, values: NewProduct) => repo.insert(tx, values);

/** Locks up to `limit` auctions past their end for their close (skipping those a bid holds); their ids. */
export const lockAuctionsDue = (tx: Executor, limit: number) => repo.lockAuctionsDue(tx, limit);

/**
 * Closes a locked auction: EXPIRED with its winning offer recorded, in the lot's history as the system's
 * change; the lot's id and winning offer, or undefined when it is not due.
 */
export async function closeAuction(tx: Executor, productId: number) {
  const row = await repo.closeAuction(tx, productId);
  if (row) {
    const winningOfferId = row.winning_offer_id === null ? null : Number(row.winning_offer_id);
    const supplierId = row.supplier_id === null ? null : Number(row.supplier_id);
    await changes.recordChange(
      tx,
      changes.SYSTEM,
      'lot',
      productId,
      'update',
      { supplierId, status: 'IN_AUCTION', winningOfferId: null },
      { supplierId, status: 'EXPIRED', winningOfferId },
    );
  }
  return row;
}

/** Expires the fixed-price lots past their last day (`today`, the Paris calendar day), each in its history as the system's change. */
export async function expireFixedPrice(tx: Executor, today: string) {
  const expired = await repo.expireFixedPrice(tx, today);
  await changes.recordUpdates(
    tx,
    changes.SYSTEM,
    'lot',
    expired.map(({ id, supplierId }) => ({ id, before: { supplierId, status: 'ENABLED' }, after: { supplierId, status: 'EXPIRED' } })),
  );
  return expired;
}

/**
 * The price a purchase request of `input` on this lot is made at: the lot's price of this moment. Refuses
 * a lot not on sale in the marketplace, more pallets than it has, and a price the buyer saw that changed.
 */
export async function priceForPurchaseRequest(db: Executor, productId: number, input: Pick<z.output<typeof purchaseRequestInput>, 'pallets' | 'pricePerKg'>) {
  const row = await repo.findById(db, productId);
  if (!row) throw notFound('Product');
  if (row.auctionStartDate || effectiveStatus(row) !== 'ENABLED' || row.quantity === 0) {
    throw new HttpError(409, 'PRODUCT_NOT_AVAILABLE', 'This lot is not on sale in the marketplace.');
  }
  if (input.pallets > row.quantity) {
    throw new HttpError(400, 'TOO_MANY_PALLETS', `At most ${row.quantity} pallets are available.`, [{ path: 'pallets', message: 'tooMany' }], {
      available: row.quantity,
    });
  }
  // The request keeps the lot's price of this moment (decision 982); a buyer who saw another one is told.
  if (input.pricePerKg !== undefined && toCents(input.pricePerKg) !== toCents(Number(row.price))) {
    throw new HttpError(409, 'PRICE_CHANGED', `The lot's price is now ${row.price} €/kg.`, [{ path: 'pricePerKg', message: String(Number(row.price)) }], {
      pricePerKg: Number(row.price),
    });
  }
  return row.price;
}

const tooManyPhotos = () =>
  new HttpError(400, 'TOO_MANY_PHOTOS', `A lot has at most ${MAX_PHOTOS_PER_PRODUCT} photos.`, [{ path: 'photos', message: 'tooMany' }]);
