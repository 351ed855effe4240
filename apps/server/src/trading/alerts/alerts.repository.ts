import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationKind } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { auctionOpenSql, lotAlias } from '../../db/auction-phase.js';
import { auctionWatches, countries, notificationPrefs, notifications } from '../../db/schema/index.js';
import { maximumRows, offerRows } from '../auctions/auctions.read-model.js';
import { lotRows, lotsView } from '../marketplace/marketplace.read-model.js';
import { accountRows, accountsView } from '../../companies/users/users.read-model.js';

/** Key of the notifier's transaction-level advisory lock ("alerts" in ASCII, arbitrary but fixed). */
export const NOTIFIER_LOCK_KEY = 0x616c65727473;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  productId: number | null;
  productName: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  readAt: Date | null;
}

const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  productId: notifications.productId,
  productName: lotsView.name,
  data: notifications.data,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

export interface MyLotRow {
  productId: number;
  watched: boolean;
  watchedAt: Date | null;
  open: boolean;
  highest: number | null;
  bidders: number;
  myBid: number | null;
  myMax: number | null;
  leaderUserId: number | null;
  winnerUserId: number | null;
  finalAmount: number | null;
  reservePrice: number | null;
  closed: boolean;
}

// ---- watch list -------------------------------------------------------------------------------

export function watch(db: Executor, userId: number, productId: number) {
  return db.insert(auctionWatches).values({ userId, productId }).onConflictDoNothing();
}

export function unwatch(db: Executor, userId: number, productId: number) {
  return db.delete(auctionWatches).where(and(eq(auctionWatches.userId, userId), eq(auctionWatches.productId, productId)));
}

export function watchedBy(db: Executor, userId: number) {
  return db
    .select({ productId: auctionWatches.productId, since: auctionWatches.createdAt })
    .from(auctionWatches)
    .where(eq(auctionWatches.userId, userId))
    .orderBy(desc(auctionWatches.createdAt));
}

/**
 * Every auction lot the user watches or bid on, with the figures "My auctions" shows. The leader
 * of an open lot is the owner of the highest offer, the later one on equal amounts (the engine's
 * rule: a proxy answering an equal maximum is stored after it); once closed, the recorded winning
 * offer decides. `my_max` is the user's secret proxy maximum (its own, so it may see it). Lots over for more than 90 days are left
 * out of the watch tab but won/lost stay.
 */
export async function myLots(db: Executor, userId: number): Promise<MyLotRow[]> {
  const res = await db.execute<{
    product_id: number;
    watched: boolean;
    watched_at: string | Date | null;
    open: boolean;
    highest: string | null;
    bidders: string | number;
    my_bid: string | null;
    my_max: string | null;
    leader_user_id: number | null;
    winner_user_id: number | null;
    final_amount: string | null;
    reserve_price: string | null;
    closed: boolean;
  }>(sql`
    with mine as (
      select product_id from auction_watches where user_id = ${userId}
      union
      select distinct o.product_id from ${offerRows} o where o.user_id = ${userId}
    )
    select p.id as product_id,
      (w.user_id is not null) as watched,
      w.created_at as watched_at,
      ${auctionOpenSql(lotAlias('p'))} as open,
      (select max(o.amount) from ${offerRows} o where o.product_id = p.id) as highest,
      (select count(distinct o.user_id) from ${offerRows} o where o.product_id = p.id) as bidders,
      (select max(o.amount) from ${offerRows} o where o.product_id = p.id and o.user_id = ${userId}) as my_bid,
      (select m.max_amount from ${maximumRows} m where m.product_id = p.id and m.user_id = ${userId}) as my_max,
      (select o.user_id from ${offerRows} o where o.product_id = p.id order by o.amount desc, o.id desc limit 1) as leader_user_id,
      wo.user_id as winner_user_id,
      wo.amount as final_amount,
      p.reserve_price,
      (p.closed_at is not null) as closed
    from mine m
    join ${lotRows} p on p.id = m.product_id and p.auction_start_date is not null
    left join auction_watches w on w.product_id = p.id and w.user_id = ${userId}
    left join ${offerRows} wo on wo.id = p.winning_offer_id
    where p.ends_at > now() - interval '90 days' or exists (select 1 from ${offerRows} o where o.product_id = p.id and o.user_id = ${userId})
    order by p.ends_at desc
    limit 300`);
  return res.rows.map((r) => ({
    productId: Number(r.product_id),
    watched: Boolean(r.watched),
    watchedAt: r.watched_at === null ? null : new Date(r.watched_at),
    open: Boolean(r.open),
    highest: num(r.highest),
    bidders: Number(r.bidders),
    myBid: num(r.my_bid),
    myMax: num(r.my_max),
    leaderUserId: num(r.leader_user_id),
    winnerUserId: num(r.winner_user_id),
    finalAmount: num(r.final_amount),
    reservePrice: num(r.reserve_price),
    closed: Boolean(r.closed),
  }));
}

/** A supplier's auction lots still running or ended in the last 7 days, with live figures and, once over, how they ended. */
export async function sellerLots(db: Executor, supplierId: number) {
  const res = await db.execute<{
    product_id: number;
    highest: string | null;
    bidders: string | number;
    ends_at: string | Date;
    status: string;
    reserve_price: string | null;
    closed_at: string | Date | null;
    final_amount: string | null;
    buyer: string | null;
  }>(sql`
    select p.id as product_id, p.ends_at, p.status, p.reserve_price, p.closed_at,
      (select max(o.amount) from ${offerRows} o where o.product_id = p.id) as highest,
      (select count(distinct o.user_id) from ${offerRows} o where o.product_id = p.id) as bidders,
      wo.amount as final_amount, wu.company_name as buyer
    from ${lotRows} p
    left join ${offerRows} wo on wo.id = p.winning_offer_id
    left join ${accountRows} wu on wu.id = wo.user_id
    where p.supplier_id = ${supplierId} and p.auction_start_date is not null and p.ends_at > now() - interval '7 days'
    order by p.ends_at`);
  return res.rows.map((r) => ({
    productId: Number(r.product_id),
    highest: num(r.highest),
    bidders: Number(r.bidders),
    endsAt: new Date(r.ends_at).toISOString(),
    status: r.status,
    reservePrice: num(r.reserve_price),
    closed: r.closed_at !== null,
    finalAmount: num(r.final_amount),
    buyer: r.buyer,
  }));
}

// ---- notifications ----------------------------------------------------------------------------

export function list(db: Executor, userId: number, limit: number, before?: number) {
  return db
    .select(notificationColumns)
    .from(notifications)
    .leftJoin(lotsView, eq(lotsView.id, notifications.productId))
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export function byIds(db: Executor, ids: number[]) {
  return ids.length === 0
    ? Promise.resolve([] as NotificationRow[])
    : db
        .select(notificationColumns)
        .from(notifications)
        .leftJoin(lotsView, eq(lotsView.id, notifications.productId))
        .where(inArray(notifications.id, ids))
        .orderBy(notifications.id);
}

export function unreadCount(db: Executor, userId: number) {
  return db.$count(notifications, and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
}

/** Marks one notice read; false when it is not the user's. */
export async function markRead(db: Executor, userId: number, id: number) {
  const mine = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.inApp, true)));
  if (mine.length === 0) return false;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
  return true;
}

export function markAllRead(db: Executor, userId: number) {
  return db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export function prefsOf(db: Executor, userId: number) {
  return db
    .select({ kind: notificationPrefs.kind, inApp: notificationPrefs.inApp, email: notificationPrefs.email })
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
}

export function savePref(db: Executor, userId: number, kind: NotificationKind, inApp: boolean, email: boolean) {
  return db
    .insert(notificationPrefs)
    .values({ userId, kind, inApp, email })
    .onConflictDoUpdate({ target: [notificationPrefs.userId, notificationPrefs.kind], set: { inApp, email } });
}

// ---- notifier ---------------------------------------------------------------------------------

/** The notifier's lock for this transaction; false when another instance holds it. */
export async function tryLock(tx: Executor) {
  return Boolean((await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${NOTIFIER_LOCK_KEY}::bigint) as ok`)).rows[0]?.ok);
}

/** Auction lots with offers the notifier has not walked yet (running, or closed in the last 2 days). */
export async function lotsWithNewOffers(tx: Executor) {
  const res = await tx.execute<{ product_id: number; last_offer_id: string | number | null; leader_user_id: number | null; leader_amount: string | null }>(sql`
    select p.id as product_id, s.last_offer_id, s.leader_user_id, s.leader_amount
    from ${lotRows} p
    left join alert_lot_state s on s.product_id = p.id
    where p.auction_start_date is not null
      and (p.status = 'IN_AUCTION' or p.closed_at > now() - interval '2 days')
      and exists (select 1 from ${offerRows} o where o.product_id = p.id and o.id > coalesce(s.last_offer_id, 0))
    order by p.id`);
  return res.rows.map((r) => ({
    productId: Number(r.product_id),
    lastOfferId: Number(r.last_offer_id ?? 0),
    leaderUserId: num(r.leader_user_id),
    leaderAmount: num(r.leader_amount),
  }));
}

export async function offersAfter(tx: Executor, productId: number, afterId: number) {
  return (
    await tx.execute<{ id: string | number; user_id: number; amount: string }>(
      sql`select o.id, o.user_id, o.amount from ${offerRows} o where o.product_id = ${productId} and o.id > ${afterId} order by o.id`,
    )
  ).rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), amount: Number(r.amount) }));
}

/** Bidding watches a lot by itself. */
export async function watchAll(tx: Executor, productId: number, userIds: number[]) {
  if (userIds.length)
    await tx
      .insert(auctionWatches)
      .values(userIds.map((userId) => ({ userId, productId })))
      .onConflictDoNothing();
}

export function saveLotCursor(tx: Executor, productId: number, lastOfferId: number, leaderUserId: number | null, leaderAmount: number | null) {
  return tx.execute(sql`
      insert into alert_lot_state (product_id, last_offer_id, leader_user_id, leader_amount, updated_at)
      values (${productId}, ${lastOfferId}, ${leaderUserId}, ${leaderAmount === null ? null : leaderAmount.toFixed(2)}::numeric, now())
      on conflict (product_id) do update set last_offer_id = excluded.last_offer_id, leader_user_id = excluded.leader_user_id,
        leader_amount = excluded.leader_amount, updated_at = now()`);
}

/** Watchers of running lots ending within the hour who were not told yet. */
export async function endingSoon(tx: Executor) {
  return (
    await tx.execute<{ user_id: number; product_id: number; ends_at: string | Date }>(sql`
        select w.user_id, p.id as product_id, p.ends_at
        from ${lotRows} p
        join auction_watches w on w.product_id = p.id
        where ${auctionOpenSql(lotAlias('p'))} and p.ends_at <= now() + interval '1 hour'
          and not exists (select 1 from notifications n where n.dedupe_key = 'ending_soon:' || p.id || ':' || w.user_id)
        order by p.id, w.user_id
        limit 1000`)
  ).rows.map((r) => ({ userId: Number(r.user_id), productId: Number(r.product_id), endsAt: new Date(r.ends_at).toISOString() }));
}

/** Lots the closer closed (in the last 2 days) whose result was not announced yet, with the winner's pseudonym and company. */
export async function closedUnannounced(tx: Executor) {
  return (
    await tx.execute<{
      product_id: number;
      supplier_id: number;
      winner_user_id: number | null;
      winner_number: number | null;
      winner_company: string | null;
      final_amount: string | null;
      highest: string | null;
    }>(sql`
        select p.id as product_id, p.supplier_id, wo.user_id as winner_user_id, wo.bidder_number as winner_number,
          wu.company_name as winner_company, wo.amount as final_amount,
          (select max(o.amount) from ${offerRows} o where o.product_id = p.id) as highest
        from ${lotRows} p
        left join alert_lot_state s on s.product_id = p.id
        left join ${offerRows} wo on wo.id = p.winning_offer_id
        left join ${accountRows} wu on wu.id = wo.user_id
        where p.closed_at is not null and p.closed_at > now() - interval '2 days' and p.auction_start_date is not null
          and not coalesce(s.result_done, false)
        order by p.closed_at
        limit 200`)
  ).rows.map((r) => ({
    productId: Number(r.product_id),
    supplierId: Number(r.supplier_id),
    winnerUserId: num(r.winner_user_id),
    winnerNumber: num(r.winner_number),
    winnerCompany: r.winner_company,
    finalAmount: num(r.final_amount),
    highest: num(r.highest),
  }));
}

export async function biddersOf(tx: Executor, productId: number) {
  return (
    await tx.execute<{ user_id: number }>(sql`select distinct o.user_id from ${offerRows} o where o.product_id = ${productId} order by o.user_id`)
  ).rows.map((r) => Number(r.user_id));
}

export function markResultDone(tx: Executor, productId: number) {
  return tx.execute(sql`
      insert into alert_lot_state (product_id, last_offer_id, result_done, updated_at) values (${productId}, 0, true, now())
      on conflict (product_id) do update set result_done = true, updated_at = now()`);
}

/** What the notifier needs to write to a user: address, company, language (by country), switches. */
export async function recipient(tx: Executor, userId: number, kind: NotificationKind) {
  const [row] = await tx
    .select({
      id: accountsView.id,
      email: accountsView.email,
      companyName: accountsView.companyName,
      active: accountsView.active,
      alpha2: countries.alpha2,
      inApp: notificationPrefs.inApp,
      emailOn: notificationPrefs.email,
    })
    .from(accountsView)
    .leftJoin(countries, eq(countries.id, accountsView.countryId))
    .leftJoin(notificationPrefs, and(eq(notificationPrefs.userId, accountsView.id), eq(notificationPrefs.kind, kind)))
    .where(eq(accountsView.id, userId));
  return row;
}

/** Whether an outbid e-mail for this lot went to this user in the last 10 minutes. */
export async function outbidMailedRecently(tx: Executor, userId: number, productId: number) {
  return (
    Number(
      (
        await tx.execute<{ n: string | number }>(sql`
          select count(*) as n from notifications
          where user_id = ${userId} and product_id = ${productId} and kind = 'outbid' and emailed
            and created_at > now() - interval '10 minutes'`)
      ).rows[0]!.n,
    ) > 0
  );
}

/**
 * How many times the user was outbid on this lot since it last read it: the counts of its visible
 * unread outbid notices of the lot (normally one, the others being superseded).
 */
export async function unreadOutbidCount(tx: Executor, userId: number, productId: number) {
  const res = await tx.execute<{ n: string | number | null }>(sql`
    select coalesce(sum(coalesce((data->>'count')::int, 1)), 0) as n from notifications
    where user_id = ${userId} and product_id = ${productId} and kind = 'outbid' and in_app and read_at is null`);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * The earlier outbid notices of the lot leave the bell: one entry per lot (decision 705). The rows
 * stay (in_app = false) so each event stays handled once and the e-mail limit still sees them.
 */
export function supersedeOutbid(tx: Executor, userId: number, productId: number, keepId: number) {
  return tx.execute(sql`
    update notifications set in_app = false
    where user_id = ${userId} and product_id = ${productId} and kind = 'outbid' and in_app and id <> ${keepId}`);
}

/** Inserts a notice once per dedupe key; undefined when it already exists. */
export async function insertOnce(
  tx: Executor,
  n: { userId: number; kind: NotificationKind; productId: number | null; data: Record<string, unknown>; dedupeKey: string; inApp: boolean; emailed: boolean },
) {
  return (await tx.insert(notifications).values(n).onConflictDoNothing({ target: notifications.dedupeKey }).returning({ id: notifications.id }))[0];
}

/** The ids of the in-app notices recorded under these keys, one per admin each (`<key>:<userId>`). */
export async function inAppIdsByKeyPrefix(tx: Executor, keys: readonly string[]) {
  if (!keys.length) return [];
  const rows = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.inApp, true),
        sql`(${sql.join(
          keys.map((k) => sql`${notifications.dedupeKey} like ${`${k.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`}`),
          sql` or `,
        )})`,
      ),
    )
    .orderBy(notifications.id);
  return rows.map((r) => r.id);
}
