import type { FastifyBaseLogger } from 'fastify';
import type { AuctionOutcome, NotificationKind } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import { languageForCountry } from '../../documents/email/language.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { renderAuctionAlert } from '../../documents/email/templates/auction-alert.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';
import * as marketplaceView from '../marketplace/marketplace.read-model.js';
import * as repo from './alerts.repository.js';
import { presentNotification } from './alerts.presenter.js';

export interface NotifierDeps {
  db: Db;
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The app's public origin, for links in e-mails (omitted when unknown). */
  publicOrigin?: string;
}

export interface NotifierRun {
  /** false: another instance held the lock, nothing was done. */
  ran: boolean;
  notificationIds: number[];
  mailIds: number[];
}

interface Event {
  userId: number;
  kind: NotificationKind;
  productId: number;
  dedupeKey: string;
  amount?: number | null;
  endsAt?: string;
  outcome?: AuctionOutcome;
  winnerBidderNumber?: number;
  buyerCompanyName?: string;
}

/**
 * One pass of the alerts job (decision 600). Everything it decides is read from committed rows and
 * written in ONE transaction that holds a transaction-level advisory lock: the per-lot cursor moves
 * in the same commit as the notices and the outbox rows it produces, so a crash replays the pass and
 * a second instance skips it. Each notice also carries a unique dedupe key, inserted with ON CONFLICT
 * DO NOTHING, so even a replay can never notify twice. Its e-mails are queued with their `mail.queued`
 * events in that transaction and sent by the `mail-delivery` processor; live messages leave after the commit.
 */
export async function runNotifier(deps: NotifierDeps): Promise<NotifierRun> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    if (!(await repo.tryLock(tx))) return null;
    const events: Event[] = [];

    // 1. New offers: who was displaced as leader, and bidders watch their lots.
    for (const lot of await repo.lotsWithNewOffers(tx)) {
      const fresh = await repo.offersAfter(tx, lot.productId, lot.lastOfferId);
      if (fresh.length === 0) continue;
      await repo.watchAll(tx, lot.productId, [...new Set(fresh.map((o) => o.userId))]);
      let leader = lot.leaderUserId;
      let leaderAmount = lot.leaderAmount;
      // Everyone who led at some point of this batch; whoever leads at its end was not outbid (a
      // proxy answer committed with the bid it answers leaves its owner leading).
      const led = new Set<number>(leader === null ? [] : [leader]);
      for (const o of fresh) {
        // The engine's rule: the latest offer at the highest amount leads (a proxy answering an equal
        // maximum is stored after the bid it answers).
        if (leaderAmount === null || o.amount >= leaderAmount) {
          leader = o.userId;
          leaderAmount = o.amount;
          led.add(o.userId);
        }
      }
      const last = fresh[fresh.length - 1]!;
      for (const userId of led) {
        if (userId === leader) continue;
        events.push({ userId, kind: 'outbid', productId: lot.productId, dedupeKey: `outbid:${lot.productId}:${last.id}:${userId}`, amount: leaderAmount });
      }
      await repo.saveLotCursor(tx, lot.productId, last.id, leader, leaderAmount);
    }

    // 2. Ending within the hour: once per watcher and lot.
    for (const w of await repo.endingSoon(tx)) {
      events.push({ userId: w.userId, kind: 'ending_soon', productId: w.productId, dedupeKey: `ending_soon:${w.productId}:${w.userId}`, endsAt: w.endsAt });
    }

    // 3. Lots the closer closed: the winner, the other bidders, the seller.
    for (const lot of await repo.closedUnannounced(tx)) {
      const bidders = await repo.biddersOf(tx, lot.productId);
      const p = lot.productId;
      const sold = lot.winnerUserId !== null;
      // Other bidders learn the winner only by its pseudonym (decision 700).
      const winnerNumber = sold && lot.winnerNumber !== null ? { winnerBidderNumber: lot.winnerNumber } : {};
      if (sold) events.push({ userId: lot.winnerUserId!, kind: 'won', productId: p, dedupeKey: `won:${p}`, amount: lot.finalAmount });
      for (const userId of bidders) {
        if (userId === lot.winnerUserId) continue;
        // Nobody won a lot closed with offers but no winner: the reserve was not met, which is not "lost" to another.
        events.push({
          userId,
          kind: 'lost',
          productId: p,
          dedupeKey: `lost:${p}:${userId}`,
          amount: lot.finalAmount ?? lot.highest,
          outcome: sold ? 'sold' : 'unsold_reserve',
          ...winnerNumber,
        });
      }
      const outcome: AuctionOutcome = sold ? 'sold' : bidders.length > 0 ? 'unsold_reserve' : 'no_bids';
      events.push({
        userId: lot.supplierId,
        kind: 'auction_result',
        productId: p,
        dedupeKey: `result:${p}`,
        outcome,
        amount: outcome === 'sold' ? lot.finalAmount : lot.highest,
        ...winnerNumber,
        ...(sold && lot.winnerCompany !== null ? { buyerCompanyName: lot.winnerCompany } : {}),
      });
      await repo.markResultDone(tx, p);
    }

    const notificationIds: number[] = [];
    const mailIds: number[] = [];
    for (const e of events) {
      const r = await record(tx, deps, e);
      if (r.notificationId !== undefined) notificationIds.push(r.notificationId);
      if (r.mailId !== undefined) mailIds.push(r.mailId);
    }
    return { notificationIds, mailIds };
  });
  if (!result) return { ran: false, notificationIds: [], mailIds: [] };

  // After the commit: the live notices (the e-mails are the mail-delivery processor's).
  for (const row of await repo.byIds(db, result.notificationIds)) {
    try {
      await deps.bus.publish(userQueueTopic(row.userId, 'notifications'), JSON.stringify(presentNotification(row)));
    } catch (err) {
      deps.log.error({ err, notification: row.id }, 'could not publish a notification');
    }
  }
  return { ran: true, ...result };
}

/**
 * Writes one notice (once per dedupe key) and, when the user wants it, its e-mail in the user's
 * language. Outbid e-mails are limited to one per lot and user per 10 minutes; the in-app notice is
 * always kept (the bell shows each one).
 */
async function record(tx: Executor, deps: NotifierDeps, e: Event): Promise<{ notificationId?: number; mailId?: number }> {
  const user = await repo.recipient(tx, e.userId, e.kind);
  if (!user || !user.active) return {};
  const inApp = user.inApp ?? true;
  let email = user.emailOn ?? true;
  if (email && e.kind === 'outbid' && (await repo.outbidMailedRecently(tx, e.userId, e.productId))) email = false;
  const data: Record<string, unknown> = {};
  if (e.amount !== undefined) data.amount = e.amount;
  if (e.endsAt !== undefined) data.endsAt = e.endsAt;
  if (e.outcome !== undefined) data.outcome = e.outcome;
  if (e.winnerBidderNumber !== undefined) data.winnerBidderNumber = e.winnerBidderNumber;
  if (e.buyerCompanyName !== undefined) data.buyerCompanyName = e.buyerCompanyName;
  // One outbid entry per lot: the new notice counts the unread ones it replaces (decision 705).
  if (e.kind === 'outbid') data.count = 1 + (await repo.unreadOutbidCount(tx, e.userId, e.productId));
  const inserted = await repo.insertOnce(tx, { userId: e.userId, kind: e.kind, productId: e.productId, data, dedupeKey: e.dedupeKey, inApp, emailed: email });
  if (!inserted) return {};
  if (e.kind === 'outbid') await repo.supersedeOutbid(tx, e.userId, e.productId, inserted.id);
  const out: { notificationId?: number; mailId?: number } = inApp ? { notificationId: inserted.id } : {};
  if (email) {
    const lot = await marketplaceView.lotSummary(tx, e.productId);
    const language = languageForCountry(user.alpha2);
    const mail = renderAuctionAlert({
      language,
      company: user.companyName,
      kind: e.kind,
      lot: lot?.name ?? '',
      amount: e.amount,
      endsAt: e.endsAt,
      outcome: e.outcome,
      winnerBidderNumber: e.winnerBidderNumber,
      buyerCompanyName: e.buyerCompanyName,
      url: deps.publicOrigin ? `${deps.publicOrigin.replace(/\/$/, '')}/encheres/details/${e.productId}` : undefined,
    });
    const [mailId] = await queueMailEvent(tx, [{ ...mail, to: { name: user.companyName, address: user.email }, language, company: user.companyName }]);
    out.mailId = mailId;
  }
  return out;
}
