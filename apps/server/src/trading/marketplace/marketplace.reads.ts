import {
  auctionResultOf,
  DEFAULT_PAGE_SIZE,
  todayInParis,
  toCents,
  type AdminProduct,
  type AuctionResult,
  type LotListQuery,
  type Page,
  type ProductStatus,
  type SupplierProduct,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as referenceService from '../../pricing/prices/reference.service.js';
import { presentProduct } from './marketplace.presenter.js';
import * as auctionsView from '../auctions/auctions.read-model.js';
import * as ordersView from '../orders/orders.read-model.js';
import * as repo from './marketplace.repository.js';
import type { ProductView } from './product-view.js';

/**
 * The marketplace's reads: the lot lists and pages (on sale, running auctions, the seller's own, the
 * operator's), one lot, who may see a disabled lot. The writes are in marketplace.writes.ts; other
 * modules take both through marketplace.service.ts.
 */

/** Lots presented with their sellers' back-office certificates (one query for all, decision 871). */
export async function presentAll<V extends ProductView>(db: Executor, views: V[], now = new Date()): Promise<Array<{ view: V; product: AdminProduct }>> {
  const certs = await repo.sellerCertificates(
    db,
    views.map((v) => v.seller.id),
  );
  return views.map((view) => ({ view, product: presentProduct(view, now, certs.get(view.seller.id) ?? []) }));
}

export const presentViews = async (db: Executor, views: ProductView[], now = new Date()) => (await presentAll(db, views, now)).map((x) => x.product);

/** The page asked for, or the first page of the default size (the spec's plain-array call). */
export const pageBounds = (f: LotListQuery) => {
  const page = f.page ?? 1;
  const size = f.size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: (page - 1) * size };
};

export async function formOptions(db: Db) {
  const [articles, packagings, certificates] = await Promise.all([repo.listArticles(db), repo.listPackagings(db), repo.listCertificates(db)]);
  return { articles, packagings, certificates };
}

export async function listActive(db: Db) {
  const now = new Date();
  return presentViews(db, await repo.listActive(db, todayInParis(now)), now);
}

/** One page of the lots on sale, filtered in SQL, with the count of all that match. */
export async function activePage(db: Db, f: LotListQuery): Promise<Page<AdminProduct>> {
  const now = new Date();
  const today = todayInParis(now);
  const { page, size, offset } = pageBounds(f);
  const [rows, total] = await Promise.all([repo.activePage(db, today, f, size, offset), repo.countActive(db, today, f)]);
  return { items: await presentViews(db, rows, now), page, size, total };
}

/** The marketplace page with the market reference line of every lot, one query for the page (decision 860). */
export async function activePageWithReferences(db: Db, f: LotListQuery): Promise<Page<AdminProduct>> {
  const page = await activePage(db, f);
  return { ...page, items: await referenceService.withReferences(db, page.items) };
}

/** One page of the running auctions (spec §3 items), filtered in SQL, with the count of all that match. */
export async function openAuctionsPage(db: Db, f: LotListQuery): Promise<Page<{ amount: number | null; product: AdminProduct }>> {
  const now = new Date();
  const { page, size, offset } = pageBounds(f);
  const [rows, total] = await Promise.all([repo.openAuctionsPage(db, f, size, offset), repo.countOpenAuctions(db, f)]);
  return {
    items: (await presentAll(db, rows, now)).map(({ view: r, product }) => ({ amount: r.highest === null ? null : Number(r.highest), product })),
    page,
    size,
    total,
  };
}

/** Lots by id, presented (for the auctions module). */
export async function productsByIds(db: Executor, ids: number[]): Promise<Map<number, AdminProduct>> {
  if (ids.length === 0) return new Map();
  const now = new Date();
  return new Map((await presentAll(db, await repo.listByIds(db, ids), now)).map(({ view, product }) => [view.product.id, product]));
}

/** A lot with its auction state for the details page (the reserve itself stays on the server). */
export async function productWithAuctionState(db: Executor, id: number) {
  const v = await repo.findView(db, id);
  if (!v) return undefined;
  const p = v.product;
  return {
    product: (await presentViews(db, [v]))[0]!,
    state: {
      highest: p.highestAmount === null ? null : Number(p.highestAmount),
      bidders: p.bidderCount,
      reservePrice: p.reservePrice === null ? null : Number(p.reservePrice),
    },
  };
}

export async function productById(db: Executor, id: number): Promise<AdminProduct | undefined> {
  const v = await repo.findView(db, id);
  return v ? (await presentViews(db, [v]))[0] : undefined;
}

/**
 * The one rule for disabled lots (decision 505): a lot the operator disabled is unknown (404) to
 * everyone but its seller and the operator, on every surface that names it by id — details, offers,
 * the caller's bid, the watch list, the live feed and the photos.
 */
export function visibleTo(lot: { status: ProductStatus; supplierId: number }, user: SessionUser | null): boolean {
  return lot.status !== 'DISABLED' || (user !== null && (user.category === 'admin' || lot.supplierId === user.id));
}

/** 404 unless the lot exists and `user` may see it (`visibleTo`). */
export async function assertVisible(db: Executor, user: SessionUser, productId: number) {
  const row = await repo.findVisibility(db, productId);
  if (!row || !visibleTo(row, user)) throw notFound('Product');
}

/**
 * How a lot shows to a caller on the surfaces that also serve ids with no lot row (the live feed
 * accepts any topic id, photo folders may outlive their lot): `open` for a lot that is not disabled
 * (or has no row), `restricted` for a disabled lot its seller or the operator is looking at,
 * `hidden` otherwise. The caller is resolved only for a disabled lot: photos are requested by the
 * dozen and most lots are not disabled.
 */
export async function lotExposure(
  db: Executor,
  productId: number,
  caller: () => SessionUser | null | Promise<SessionUser | null>,
): Promise<'open' | 'restricted' | 'hidden'> {
  const row = await repo.findVisibility(db, productId);
  if (!row || row.status !== 'DISABLED') return 'open';
  return visibleTo(row, await caller()) ? 'restricted' : 'hidden';
}

/** Auction items of spec §3 for the running auctions, in one query. */
export async function openAuctions(db: Db): Promise<Array<{ amount: number | null; product: AdminProduct }>> {
  const now = new Date();
  return (await presentAll(db, await repo.listOpenAuctions(db), now)).map(({ view: r, product }) => ({
    amount: r.highest === null ? null : Number(r.highest),
    product,
  }));
}

/** Every lot, for the operator's list. */
export async function listAll(db: Db) {
  const now = new Date();
  return presentViews(db, await repo.listAll(db), now);
}

export async function mine(db: Db, user: SessionUser): Promise<SupplierProduct[]> {
  const now = new Date();
  const views = await repo.listBySupplier(db, user.id);
  const stats = await auctionsView.offerStats(
    db,
    views.map((v) => v.product.id),
  );
  const winners = await repo.winners(
    db,
    views.flatMap((v) => (v.product.winningOfferId ? [v.product.winningOfferId] : [])),
  );
  const orders = await ordersView.refsByProducts(
    db,
    views.map((v) => v.product.id),
  );
  const certs = await repo.sellerCertificates(db, [user.id]);
  return views.map((v) => {
    const s = stats.get(v.product.id);
    return {
      ...presentProduct(v, now, certs.get(user.id) ?? []),
      offersCount: s?.count ?? 0,
      highest: s?.highest ?? null,
      reservePrice: v.product.reservePrice === null ? null : Number(v.product.reservePrice),
      bidders: v.product.bidderCount,
      reserveMet: v.product.reservePrice === null ? null : s?.highest != null && toCents(s.highest) >= toCents(Number(v.product.reservePrice)),
      editable: !s,
      winner: v.product.winningOfferId ? (winners.get(v.product.winningOfferId) ?? null) : null,
      result: sellerResult(v.product, s?.highest ?? null, now),
      orders: (orders.get(v.product.id) ?? []).map(({ id, number, status }) => ({ id, number, status })),
    };
  });
}

/**
 * How the seller's auction lot ended (decision 704): what the closer recorded once it ran (a winning
 * offer → sold; none → reserve not met, or no bids); between the end and the closer's run, the rule
 * applied to the offers. Null while it runs and for a fixed-price lot.
 */
function sellerResult(
  p: { auctionStartDate: Date | null; endsAt: Date | null; closedAt: Date | null; winningOfferId: number | null; reservePrice: string | null },
  highest: number | null,
  now: Date,
): AuctionResult | null {
  if (p.auctionStartDate === null || p.endsAt === null) return null;
  if (p.winningOfferId !== null) return 'SOLD';
  if (p.closedAt !== null) return highest === null ? 'NO_BIDS' : 'RESERVE_NOT_MET';
  if (p.endsAt.getTime() > now.getTime()) return null;
  return auctionResultOf(highest === null ? null : Math.round(highest * 100), p.reservePrice === null ? null : Math.round(Number(p.reservePrice) * 100));
}

/** Lot id → its hidden reserve (€/kg) or null: for the operator's CSV export only, never for buyers. */
export async function reservePrices(db: Executor, ids: number[]): Promise<Map<number, number | null>> {
  return new Map((await repo.reservePrices(db, ids)).map((r) => [r.id, r.reservePrice === null ? null : Number(r.reservePrice)]));
}
