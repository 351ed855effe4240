import { sql } from 'drizzle-orm';
import { HOME_LIST_SIZE } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { auctionEndedSql, auctionOpenSql, lotAlias } from '../../db/auction-phase.js';
import { accountRows } from '../../companies/users/users.read-model.js';
import { offerRows } from '../auctions/auctions.read-model.js';
import { lotRows } from '../marketplace/marketplace.read-model.js';
import { purchaseRequestRows } from '../orders/purchase-requests.read-model.js';

/**
 * Read-only queries behind the role homes (issue 16). Each list is one statement, limited, walking the
 * existing indexes (open auctions by end, offers by user, products by supplier).
 */

type Ts = string | Date;
const iso = (v: Ts | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

type LotRow = {
  product_id: number;
  name: string;
  article: string;
  names: Record<string, string> | null;
  ends_at: Ts | null;
  highest: string | null;
  bidders: number;
  price: string;
  quantity: number;
  created_at: Ts;
};

const lot = (r: LotRow) => ({
  productId: r.product_id,
  name: r.name,
  article: r.article,
  articleNames: r.names ?? {},
  endsAt: iso(r.ends_at),
  highest: num(r.highest),
  bidders: Number(r.bidders),
  price: Number(r.price),
  quantity: Number(r.quantity),
  created: iso(r.created_at)!,
});

// The highest offer and the number of bidders of a lot, from the offers themselves.
const lotColumns = sql`
  p.id as product_id, p.name, a.article, a.names, p.ends_at, p.price, p.quantity, p.created_at,
  (select max(o.amount) from ${offerRows} o where o.product_id = p.id) as highest,
  (select count(distinct o.user_id)::int from ${offerRows} o where o.product_id = p.id) as bidders`;

/** Open auctions, soonest end first. */
export async function endingSoon(db: Executor, now: Date) {
  const res = await db.execute<LotRow>(sql`
    select ${lotColumns}
    from ${lotRows} p join articles a on a.id = p.article_id
    where ${auctionOpenSql(lotAlias('p'), now)}
    order by p.ends_at asc, p.id asc
    limit ${HOME_LIST_SIZE}`);
  return (res.rows as LotRow[]).map(lot);
}

/** Fixed-price lots on sale, newest first. */
export async function newLots(db: Executor, today: string) {
  const res = await db.execute<LotRow>(sql`
    select ${lotColumns}
    from ${lotRows} p join articles a on a.id = p.article_id
    where p.status = 'ENABLED' and p.auction_start_date is null and p.available_until >= ${today}
    order by p.created_at desc, p.id desc
    limit ${HOME_LIST_SIZE}`);
  return (res.rows as LotRow[]).map(lot);
}

/**
 * Auctions the user bid on, open ones first (soonest end), then those ended in the last 7 days. The
 * user leads by the engine's rule: the highest offer, the later one on equal amounts (a proxy answering an equal maximum is stored after it).
 */
export async function myBids(db: Executor, userId: number, now: Date) {
  const res = await db.execute<LotRow & { my_best: string; leading: boolean; ended: boolean }>(sql`
    with mine as (
      select o.product_id, max(o.amount) as my_best from ${offerRows} o where o.user_id = ${userId} group by o.product_id
    ), top as (
      select distinct on (o.product_id) o.product_id, o.user_id
      from ${offerRows} o join mine m on m.product_id = o.product_id
      order by o.product_id, o.amount desc, o.id desc
    )
    select ${lotColumns}, m.my_best, (t.user_id = ${userId}) as leading, not ${auctionOpenSql(lotAlias('p'), now)} as ended
    from mine m
    join ${lotRows} p on p.id = m.product_id
    join articles a on a.id = p.article_id
    join top t on t.product_id = m.product_id
    where p.ends_at > ${new Date(now.getTime() - 7 * 86_400_000).toISOString()}
    order by not ${auctionOpenSql(lotAlias('p'), now)} asc, p.ends_at asc
    limit ${HOME_LIST_SIZE * 2}`);
  return (res.rows as Array<LotRow & { my_best: string; leading: boolean; ended: boolean }>).map((r) => ({
    ...lot(r),
    myBest: Number(r.my_best),
    leading: Boolean(r.leading),
    ended: Boolean(r.ended),
  }));
}

// A purchase request and the title of its lot; the caller joins `u`, the company on the other side.
type RequestRow = { id: number; product_id: number; name: string; pallets: number; message: string; created_at: Ts };
const requestColumns = sql`r.id, r.product_id, p.name, r.pallets, r.message, r.created_at`;
const request = (r: RequestRow) => ({
  id: r.id,
  productId: r.product_id,
  productTitle: r.name,
  pallets: Number(r.pallets),
  message: r.message,
  created: iso(r.created_at)!,
});

/** Purchase requests the buyer sent, newest first, with whether the lot is still on sale. */
export async function sentRequests(db: Executor, buyerId: number, today: string, limit: number) {
  type Row = RequestRow & { supplier: string; open: boolean };
  const res = await db.execute<Row>(sql`
    select ${requestColumns}, u.company_name as supplier,
      (p.status = 'ENABLED' and p.available_until >= ${today}) as open
    from ${purchaseRequestRows} r
    join ${lotRows} p on p.id = r.product_id
    join ${accountRows} u on u.id = p.supplier_id
    where r.buyer_id = ${buyerId}
    order by r.created_at desc, r.id desc
    limit ${limit}`);
  return (res.rows as Row[]).map((r) => ({ ...request(r), supplier: r.supplier, state: r.open ? ('open' as const) : ('closed' as const) }));
}

export async function supplierCounts(db: Executor, supplierId: number, now: Date, today: string) {
  const res = await db.execute<{ on_sale: number; in_auction: number; ended: number }>(sql`
    select
      count(*) filter (where status = 'ENABLED' and auction_start_date is null and available_until >= ${today})::int as on_sale,
      count(*) filter (where status = 'IN_AUCTION' and not ${auctionEndedSql(lotAlias('p'), now)})::int as in_auction,
      count(*) filter (where status = 'EXPIRED' or ${auctionEndedSql(lotAlias('p'), now)}
        or (status = 'ENABLED' and auction_start_date is null and available_until < ${today}))::int as ended
    from ${lotRows} p where supplier_id = ${supplierId}`);
  const r = (res.rows as Array<{ on_sale: number; in_auction: number; ended: number }>)[0]!;
  return { onSale: Number(r.on_sale), inAuction: Number(r.in_auction), ended: Number(r.ended) };
}

/** The supplier's lots, live ones first (auctions by end, then fixed-price by date), then the rest. */
export async function supplierLots(db: Executor, supplierId: number) {
  const res = await db.execute<LotRow & { status: 'ENABLED' | 'DISABLED' | 'EXPIRED' | 'IN_AUCTION'; available_until: string }>(sql`
    select ${lotColumns}, p.status
    from ${lotRows} p join articles a on a.id = p.article_id
    where p.supplier_id = ${supplierId}
    order by (p.status = 'EXPIRED') asc, p.ends_at asc nulls last, p.created_at desc
    limit ${HOME_LIST_SIZE}`);
  return (res.rows as Array<LotRow & { status: 'ENABLED' | 'DISABLED' | 'EXPIRED' | 'IN_AUCTION' }>).map((r) => ({ ...lot(r), status: r.status }));
}

export async function offersReceived(db: Executor, supplierId: number) {
  type Row = { product_id: number; name: string; amount: string; company_name: string; created_at: Ts };
  const res = await db.execute<Row>(sql`
    select o.product_id, p.name, o.amount, u.company_name, o.created_at
    from ${offerRows} o
    join ${lotRows} p on p.id = o.product_id
    join ${accountRows} u on u.id = o.user_id
    where p.supplier_id = ${supplierId}
    order by o.created_at desc, o.id desc
    limit ${HOME_LIST_SIZE}`);
  return (res.rows as Row[]).map((r) => ({
    productId: r.product_id,
    name: r.name,
    amount: Number(r.amount),
    companyName: r.company_name,
    date: iso(r.created_at)!,
  }));
}

export async function requestsReceived(db: Executor, supplierId: number) {
  type Row = RequestRow & { buyer: string };
  const res = await db.execute<Row>(sql`
    select ${requestColumns}, u.company_name as buyer
    from ${purchaseRequestRows} r
    join ${lotRows} p on p.id = r.product_id
    join ${accountRows} u on u.id = r.buyer_id
    where p.supplier_id = ${supplierId}
    order by r.created_at desc, r.id desc
    limit ${HOME_LIST_SIZE}`);
  return (res.rows as Row[]).map((r) => ({ ...request(r), buyer: r.buyer }));
}
