import {
  NOTIFICATION_KINDS,
  auctionResultOf,
  type NotificationKind,
  type MyAuction,
  type NotificationList,
  type NotificationPref,
  type SellerLot,
  type WatchedAuction,
} from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';
import { notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import * as marketplaceView from '../marketplace/marketplace.read-model.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';
import * as repo from './alerts.repository.js';
import { activeAdminIds } from '../../companies/users/users.read-model.js';
import { presentNotification } from './alerts.presenter.js';

/** An auction lot the caller may see; a disabled lot is unknown as for its details (decision 505). */
async function watchableLot(db: Db, user: SessionUser, productId: number) {
  const lot = await marketplaceView.auctionLot(db, productId);
  if (!lot || !marketplaceService.visibleTo(lot, user)) throw notFound('Auction');
}

/** Follows an auction lot (idempotent). Only auction lots can be watched. */
export async function watch(db: Db, user: SessionUser, productId: number) {
  await watchableLot(db, user, productId);
  await repo.watch(db, user.id, productId);
  return { productId, watched: true };
}

/** Stops following (idempotent; an unknown lot is a 404 like for watch). */
export async function unwatch(db: Db, user: SessionUser, productId: number) {
  await watchableLot(db, user, productId);
  await repo.unwatch(db, user.id, productId);
  return { productId, watched: false };
}

export async function watched(db: Db, userId: number): Promise<WatchedAuction[]> {
  const rows = await repo.watchedBy(db, userId);
  const byId = await marketplaceService.productsByIds(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((r) => {
    const product = byId.get(r.productId);
    return product ? [{ productId: r.productId, since: r.since.toISOString(), product }] : [];
  });
}

/** "My auctions": every lot watched or bid on, with where the caller stands. */
export async function myAuctions(db: Db, userId: number): Promise<MyAuction[]> {
  const rows = await repo.myLots(db, userId);
  const byId = await marketplaceService.productsByIds(
    db,
    rows.map((r) => r.productId),
  );
  return rows.flatMap((r) => {
    const product = byId.get(r.productId);
    if (!product) return [];
    const bid = r.myBid !== null;
    // Between the end and the closer's run the leader is the winner-to-be, unless the reserve is not met.
    const unsold =
      !r.open &&
      r.winnerUserId === null &&
      (r.closed ? r.highest !== null : r.reservePrice !== null && r.highest !== null && Math.round(r.highest * 100) < Math.round(r.reservePrice * 100));
    const winner = r.open || unsold ? null : (r.winnerUserId ?? (product.status === 'IN_AUCTION' ? r.leaderUserId : null));
    let state: MyAuction['state'];
    if (!bid) state = 'watching';
    else if (r.open) state = r.leaderUserId === userId ? 'leading' : 'outbid';
    else if (unsold) state = 'reserve_not_met';
    else state = winner === userId ? 'won' : 'lost';
    return [
      {
        product,
        state,
        watched: r.watched,
        highest: r.highest,
        bidders: r.bidders,
        myBid: r.myBid,
        myMax: r.myMax,
        finalAmount: r.open ? null : (r.finalAmount ?? (winner !== null ? r.highest : null)),
      },
    ];
  });
}

/** A supplier's running and recently ended auction lots with live figures. */
export async function sellerLots(db: Db, supplierId: number): Promise<SellerLot[]> {
  const now = Date.now();
  const c = (v: number | null) => (v === null ? null : Math.round(v * 100));
  return (await repo.sellerLots(db, supplierId)).map((r) => {
    const reserveMet = r.reservePrice === null ? null : r.highest !== null && c(r.highest)! >= c(r.reservePrice)!;
    // What the closer recorded once it ran; between the end and its run, the rule on the offers.
    let result: SellerLot['result'] = null;
    if (r.finalAmount !== null) result = 'SOLD';
    else if (r.closed) result = r.highest === null ? 'NO_BIDS' : 'RESERVE_NOT_MET';
    else if (Date.parse(r.endsAt) <= now) result = auctionResultOf(c(r.highest), c(r.reservePrice));
    return {
      productId: r.productId,
      highest: r.highest,
      bidders: r.bidders,
      reserveMet,
      endsAt: r.endsAt,
      status: r.status,
      result,
      finalAmount: result === 'SOLD' ? (r.finalAmount ?? r.highest) : null,
      buyer: r.buyer === null ? null : { companyName: r.buyer },
    };
  });
}

export async function notifications(db: Db, userId: number, limit: number, before?: number): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([repo.list(db, userId, limit, before), repo.unreadCount(db, userId)]);
  return { items: rows.map(presentNotification), unread };
}

export async function unreadCount(db: Db, userId: number) {
  return { unread: await repo.unreadCount(db, userId) };
}

export async function markRead(db: Db, userId: number, id: number) {
  if (!(await repo.markRead(db, userId, id))) throw notFound('Notification');
  return { unread: await repo.unreadCount(db, userId) };
}

export async function markAllRead(db: Db, userId: number) {
  await repo.markAllRead(db, userId);
  return { unread: 0 };
}

/** Every kind with its two switches (on unless turned off). */
export async function prefs(db: Db, userId: number): Promise<NotificationPref[]> {
  const saved = new Map((await repo.prefsOf(db, userId)).map((p) => [p.kind, p]));
  return NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: saved.get(kind)?.inApp ?? true, email: saved.get(kind)?.email ?? true }));
}

export async function savePrefs(db: Db, userId: number, next: NotificationPref[]) {
  await db.transaction(async (tx) => {
    for (const p of next) await repo.savePref(tx, userId, p.kind, p.inApp, p.email);
  });
  return prefs(db, userId);
}

/**
 * A notice another module raises (orders), written in the caller's transaction once per dedupe key,
 * with the user's switches for its kind. Answers what to do after the commit: the notice to publish
 * (when shown in the app) and whether the user wants the e-mail; undefined when it already existed
 * or the account is inactive.
 */
export async function recordNotice(
  tx: Executor,
  n: { userId: number; kind: NotificationKind; productId: number | null; data: Record<string, unknown>; dedupeKey: string },
) {
  const user = await repo.recipient(tx, n.userId, n.kind);
  if (!user || !user.active) return undefined;
  const inApp = user.inApp ?? true;
  const email = user.emailOn ?? true;
  const inserted = await repo.insertOnce(tx, { ...n, inApp, emailed: email });
  if (!inserted) return undefined;
  return { notificationId: inApp ? inserted.id : undefined, email, recipient: { email: user.email, companyName: user.companyName, alpha2: user.alpha2 } };
}

/**
 * A notice for every active admin of the operator (decision 971), in the caller's transaction, each
 * once per `dedupeKey` (suffixed with the admin's id), with each admin's switches. Answers what
 * `recordNotice` answers, for each admin that got it now: nothing for a notice already recorded.
 */
export async function recordAdminNotice(tx: Executor, n: { kind: NotificationKind; data: Record<string, unknown>; dedupeKey: string }) {
  const out = [];
  for (const userId of await activeAdminIds(tx)) {
    const r = await recordNotice(tx, { userId, kind: n.kind, productId: null, data: n.data, dedupeKey: `${n.dedupeKey}:${userId}` });
    if (r) out.push(r);
  }
  return out;
}

/** The in-app notices `recordAdminNotice` recorded under these keys, to publish after a later commit. */
export const adminNoticeIds = (tx: Executor, dedupeKeys: readonly string[]) => repo.inAppIdsByKeyPrefix(tx, dedupeKeys);

/** Publishes committed notices on each user's /user/queue/notifications (the bell). */
export async function publishNotices(db: Db, bus: EventBus, ids: number[], log: { error(o: object, m: string): void }) {
  for (const row of await repo.byIds(db, ids)) {
    try {
      await bus.publish(userQueueTopic(row.userId, 'notifications'), JSON.stringify(presentNotification(row)));
    } catch (err) {
      log.error({ err, notification: row.id }, 'could not publish a notification');
    }
  }
}
