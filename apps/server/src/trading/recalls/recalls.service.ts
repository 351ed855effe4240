import type { MyRecall, RecallDetail, RecallSummary, StartRecallInput } from '@primeur/shared';
import { lotNumberOf } from '@primeur/shared';
import type { Db, Executor } from '../../db/client.js';
import type { RecallNoticeOrder } from '../../db/schema/index.js';
import { queueMailEvent } from '../../documents/email/delivery.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderLotRecalled } from '../../documents/email/templates/lot-recalled.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import type { EventBus } from '../../realtime/event-bus.js';
import * as alerts from '../alerts/alerts.service.js';
import { lotWithNames } from '../marketplace/marketplace.read-model.js';
import { withdrawForRecall } from '../marketplace/marketplace.service.js';
import * as orders from '../orders/orders.read-model.js';
import * as repo from './recalls.repository.js';
import type { NoticeRow, RecallRow } from './recalls.repository.js';

/**
 * Recalls and drills (issue 37 §5, decision 1016). Starting one is one transaction: the recall, a
 * notice for every buyer the lot's pallets went to (each with its orders and pallet numbers), their
 * bell notices and e-mails (always sent: a recall ignores the e-mail switch), and — a real recall only
 * — the lot off the marketplace. The bells ring after the commit.
 */

export interface RecallDeps {
  db: Db;
  bus?: EventBus;
  log: { error(o: object, m: string): void };
}

const minutesBetween = (from: Date, to: Date | null) => (to ? Math.round((to.getTime() - from.getTime()) / 600) / 100 : null);

function summary(r: RecallRow, buyers: number, acknowledged: number, lastAck: Date | null): RecallSummary {
  const complete = buyers > 0 && acknowledged === buyers;
  return {
    id: r.id,
    productId: r.productId,
    lotNumber: r.lotNumber,
    lotTitle: r.lotTitle,
    reason: r.reason,
    exercise: r.exercise,
    startedAt: r.startedAt.toISOString(),
    buyers,
    acknowledged,
    completedAt: complete && lastAck ? new Date(lastAck).toISOString() : null,
    minutesToComplete: complete && lastAck ? minutesBetween(r.startedAt, new Date(lastAck)) : null,
  };
}

function detail(r: RecallRow, notices: NoticeRow[], lotWithdrawn: boolean): RecallDetail {
  const acks = notices.flatMap((n) => (n.acknowledgedAt ? [n.acknowledgedAt] : []));
  const last = acks.length ? new Date(Math.max(...acks.map((d) => d.getTime()))) : null;
  return {
    ...summary(r, notices.length, acks.length, last),
    lotWithdrawn,
    notices: [...notices]
      .sort((a, b) => a.companyName.localeCompare(b.companyName) || a.id - b.id)
      .map((n) => ({
        id: n.id,
        companyName: n.companyName,
        orders: n.orders,
        notifiedAt: n.notifiedAt.toISOString(),
        acknowledgedAt: n.acknowledgedAt?.toISOString() ?? null,
        minutesToAcknowledge: minutesBetween(r.startedAt, n.acknowledgedAt),
      })),
  };
}

/** The lot a recall names: `L123` or `123`; 404 when Primeur never had it. */
async function lotOf(db: Executor, raw: string) {
  const m = /^L?(\d{1,9})$/i.exec(raw.trim());
  const productId = m ? Number(m[1]) : Number.NaN;
  if (!Number.isSafeInteger(productId) || productId > 2_147_483_647)
    throw new HttpError(404, 'NOT_FOUND', `No lot "${raw}".`, [{ path: 'lot', message: 'notFound' }]);
  const [rows, listed] = await Promise.all([orders.rowsOfLot(db, productId, true), lotWithNames(db, productId)]);
  if (rows.length === 0 && !listed) throw new HttpError(404, 'NOT_FOUND', `No lot "${raw}".`, [{ path: 'lot', message: 'notFound' }]);
  return { productId, rows, title: rows[0]?.lot.title ?? listed!.product.name };
}

export async function startRecall(deps: RecallDeps, admin: SessionUser, input: StartRecallInput): Promise<RecallDetail> {
  const { out, noticeIds } = await deps.db.transaction(async (tx) => {
    // The lot's orders share-locked in the recall's transaction: a shipment in between waits, so the buyers told are those shipped at the commit.
    const { productId, rows, title } = await lotOf(tx, input.lot);
    // The goods that left the seller: shipped orders, whatever became of them since (a cancelled order's truck had left too).
    const shipped = rows.filter((o) => o.shippedAt !== null);
    const pallets = await orders.palletsOfOrders(
      tx,
      shipped.map((o) => o.id),
    );
    const byBuyer = new Map<string, { buyerId: number | null; party: (typeof shipped)[number]['buyer']; orders: RecallNoticeOrder[] }>();
    for (const o of shipped) {
      const key = o.buyerId === null ? `company:${o.buyer.companyName}` : `user:${o.buyerId}`;
      const entry = byBuyer.get(key) ?? { buyerId: o.buyerId, party: o.buyer, orders: [] };
      entry.orders.push({ orderId: o.id, number: o.number, codes: pallets.filter((p) => p.orderId === o.id).map((p) => p.code) });
      byBuyer.set(key, entry);
    }
    const recall = await repo.insertRecall(tx, {
      productId,
      lotNumber: lotNumberOf(productId),
      lotTitle: title,
      reason: input.reason,
      exercise: input.exercise,
      startedBy: admin.id,
    });
    const notices = await repo.insertNotices(
      tx,
      [...byBuyer.values()].map((b) => ({
        recallId: recall.id,
        buyerId: b.buyerId,
        companyName: b.party.companyName,
        email: b.party.email,
        orders: b.orders,
        notifiedAt: recall.startedAt,
      })),
    );
    const ids: number[] = [];
    const mails: Parameters<typeof queueMailEvent>[1] = [];
    for (const b of byBuyer.values()) {
      const codes = b.orders.flatMap((o) => o.codes);
      if (b.buyerId !== null) {
        const r = await alerts.recordNotice(tx, {
          userId: b.buyerId,
          kind: 'lot_recalled',
          productId,
          data: { recallId: recall.id, exercise: input.exercise, orderId: b.orders[0]!.orderId, orderNumber: b.orders[0]!.number, reason: input.reason, codes },
          dedupeKey: `recall:${recall.id}:${b.buyerId}`,
        });
        if (r?.notificationId !== undefined) ids.push(r.notificationId);
      }
      // Always e-mailed, to the address the order was made with: a recall does not wait for a switch or an active account.
      const language = languageForCountry(b.party.countryAlpha2);
      const mail = renderLotRecalled({
        language,
        company: b.party.companyName,
        lotNumber: recall.lotNumber,
        lotTitle: title,
        reason: input.reason,
        exercise: input.exercise,
        orders: b.orders,
      });
      mails.push({ ...mail, to: { name: b.party.companyName, address: b.party.email }, language, company: b.party.companyName });
    }
    // One insert for every buyer's e-mail.
    await queueMailEvent(tx, mails);
    const withdrawn = input.exercise ? false : await withdrawForRecall(tx, admin, productId);
    return { out: detail(recall, notices, withdrawn), noticeIds: ids };
  });
  if (noticeIds.length && deps.bus) await alerts.publishNotices(deps.db, deps.bus, noticeIds, deps.log);
  return out;
}

export async function list(db: Db): Promise<RecallSummary[]> {
  return (await repo.listWithCounts(db)).map((r) => summary(r.recall, r.buyers, r.acknowledged, r.lastAck));
}

export async function get(db: Db, id: number): Promise<RecallDetail> {
  const r = await repo.findRecall(db, id);
  if (!r) throw notFound('Recall');
  const listed = r.productId === null ? undefined : await lotWithNames(db, r.productId);
  return detail(r, await repo.noticesOf(db, id), !r.exercise && listed?.product.status === 'DISABLED');
}

const mine = (n: NoticeRow, r: RecallRow): MyRecall => ({
  id: r.id,
  lotNumber: r.lotNumber,
  lotTitle: r.lotTitle,
  reason: r.reason,
  exercise: r.exercise,
  startedAt: r.startedAt.toISOString(),
  orders: n.orders,
  acknowledgedAt: n.acknowledgedAt?.toISOString() ?? null,
});

export async function myRecalls(db: Db, user: SessionUser): Promise<MyRecall[]> {
  return (await repo.noticesOfBuyer(db, user.id)).map((x) => mine(x.notice, x.recall));
}

/** The buyer acknowledges; a recall it was not told of is a 404 (it learns nothing of others' recalls). */
export async function acknowledge(db: Db, user: SessionUser, recallId: number): Promise<MyRecall> {
  const n = await repo.acknowledge(db, recallId, user.id, user.id);
  const r = n ? await repo.findRecall(db, recallId) : undefined;
  if (!n || !r) throw notFound('Recall');
  return mine(n, r);
}
