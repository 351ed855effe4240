import { lineAmount, ORDER_STATUSES, type Language, type NotificationKind, type OrderActor, type OrderEvent, type OrderStatus } from '@primeur/shared';
import type { AppConfig } from '../../config/env.js';
import type { Db, Executor } from '../../db/client.js';
import { addressedTo, queueMailEvent } from '../../documents/email/delivery.js';
import { languageForCountry } from '../../documents/email/language.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { renderOrderMail, type OrderMail } from '../../documents/email/templates/order-message.js';
import { t as docText } from '../../documents/email/i18n.js';
import { renderOrderConfirmation } from '../../documents/pdf/order-confirmation.js';
import type { EventRow, Processor } from '../../events/events.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';
import * as alerts from '../alerts/alerts.service.js';
import { bestNetKg } from './orders.presenter.js';
import { lotPhotoStore } from '../marketplace/marketplace.service.js';
import * as repo from './orders.repository.js';
import { packagingNameIn } from '../../platform/catalog/catalog.service.js';
import type { OrderRow } from './orders.repository.js';
import { num } from './orders.presenter.js';

/**
 * What the order steps set off after their commit, as processors of their events (issue 33 §3): the
 * messages of a step — bell notices, e-mails with the sale confirmation, live order events — and the
 * photos of a relisted lot. The steps themselves write the change and its event, nothing else.
 */

/** What the order functions need beyond the database: the bus, the mailer and the order settings. */
export interface OrderDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  log: { error(o: object, m: string): void };
  claimWindowMs: number;
  purchaseRequestTtlMs: number;
  /** WEIGHT_TOLERANCE_PERCENT (decision 980); DEFAULT_WEIGHT_TOLERANCE_PERCENT when not given. */
  weightTolerancePercent?: number;
  publicOrigin?: string;
  /** To relist a cancelled auction order's pallets with the lot's photos. */
  photos?: { copyAll(fromId: number, toId: number): Promise<void> };
}

/** What the app gives the order functions: its settings, database, bus, mailer and log. */
export interface OrderApp {
  deps: { config: Pick<AppConfig, 'orders' | 'publicOrigin' | 'dataDir'>; database: { db: Db } };
  bus: EventBus;
  mailer: Mailer;
  log: OrderDeps['log'];
}

/** The order functions' dependencies, built alike by the routes, the jobs and the claims module. */
export function orderDepsOf(app: OrderApp): OrderDeps {
  const { config, database } = app.deps;
  return {
    db: database.db,
    bus: app.bus,
    mailer: app.mailer,
    log: app.log,
    claimWindowMs: config.orders.claimWindowMs,
    purchaseRequestTtlMs: config.orders.purchaseRequestTtlMs,
    weightTolerancePercent: config.orders.weightTolerancePercent,
    publicOrigin: config.publicOrigin,
    photos: lotPhotoStore(config.dataDir),
  };
}

/** The order with its lot's packaging named in `lng` (issue 37 §6): what its documents print. */
export async function withPackagingIn(db: Executor, o: OrderRow, lng: Language): Promise<OrderRow> {
  return { ...o, lot: { ...o.lot, packaging: await packagingNameIn(db, o.lot.packaging, lng) } };
}

export function confirmationOf(o: OrderRow, lng: Language) {
  return renderOrderConfirmation(
    {
      number: o.number,
      source: o.source,
      createdAt: o.createdAt,
      lot: o.lot,
      pallets: o.pallets,
      estimatedNetKg: num(o.estimatedNetKg),
      pricePerKg: Number(o.pricePerKg),
      // The sale's amount: on the estimated weight (the confirmation is the sale, not the invoice).
      amount: o.estimatedNetKg === null ? null : lineAmount(Number(o.estimatedNetKg), Number(o.pricePerKg)),
      incoterm: o.incoterm,
      incotermPlace: o.incotermPlace,
      seller: o.seller,
      buyer: o.buyer,
      deliveryAddress: o.deliveryAddress,
      requestedDeliveryDate: o.requestedDeliveryDate,
    },
    lng,
  );
}

const KIND: Record<OrderMail['step'], NotificationKind> = {
  confirmed: 'order_confirmed',
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
};

const STEP_MESSAGES: Record<string, OrderMail['step']> = {
  'order.confirmed': 'confirmed',
  'order.shipped': 'shipped',
  'order.delivered': 'delivered',
  'order.cancelled': 'cancelled',
};

/** A purchase request's answers the buyer hears of by a bell notice alone. */
const REQUEST_NOTICES: Record<string, NotificationKind> = {
  'request.declined': 'request_declined',
  'request.countered': 'request_countered',
  'request.expired': 'request_expired',
};

/** What a handled event sends once its transaction has committed: bell notices and live order events. */
interface Outgoing {
  noticeIds: number[];
  live: Array<{ userIds: number[]; event: OrderEvent }>;
}

/**
 * The order's messages (issue 33 §3, decision 1003), from its events: every `order.*` event is a live
 * update to both parties; a step (confirmed, shipped, delivered, cancelled) is also a bell notice and,
 * for those who want it, an e-mail in their language, with the sale confirmation at CONFIRMED. The
 * purchase requests' answers are bell notices. Notices are recorded and e-mails queued in the
 * dispatcher's transaction (notices by their dedupe key, so a replay adds none); the live events and
 * the notices' pushes leave after its commit.
 */
export function orderMessagesProcessor(deps: Pick<OrderDeps, 'bus' | 'db' | 'log' | 'publicOrigin' | 'claimWindowMs'>): Processor {
  return {
    name: 'order-messages',
    events: [...ORDER_EVENT_NAMES, ...Object.keys(REQUEST_NOTICES)],
    async handle(tx, e) {
      const out: Outgoing = { noticeIds: [], live: [] };
      if (e.subject === 'request') await requestNotice(tx, out, e);
      else {
        const o = await repo.findOrder(tx, e.subjectId);
        if (!o) return;
        const p = e.payload as { from?: OrderStatus | null; to?: OrderStatus; by?: OrderActor };
        // The status the event reached (not the row's now: a later step may already have committed).
        out.live.push({
          userIds: [o.buyerId, o.sellerId].filter((v): v is number => v !== null),
          event: { orderId: o.id, number: o.number, status: p.to ?? o.status, previousStatus: p.from ?? null, at: e.at.toISOString() },
        });
        const stepName = STEP_MESSAGES[e.name];
        if (stepName)
          await announce(tx, out, o, stepName, {
            publicOrigin: deps.publicOrigin,
            claimWindowMs: deps.claimWindowMs,
            automatic: stepName === 'delivered' ? o.receivedAutomatically : undefined,
            who: stepName === 'cancelled' ? p.by : undefined,
            reason: stepName === 'cancelled' ? (o.cancelReason ?? undefined) : undefined,
          });
      }
      return () => send(deps, out);
    },
  };
}

/** Every order event name: a status reached (`order.<status>`) or a change within one (`order.updated`). */
const ORDER_EVENT_NAMES = ['order.updated', ...ORDER_STATUSES.map((s) => `order.${s.toLowerCase()}`)];

async function send(deps: Pick<OrderDeps, 'bus' | 'db' | 'log'>, out: Outgoing) {
  for (const { userIds, event } of out.live) {
    for (const userId of userIds) {
      try {
        await deps.bus.publish(userQueueTopic(userId, 'orders'), JSON.stringify(event));
      } catch (err) {
        deps.log.error({ err, order: event.orderId }, 'could not publish an order event');
      }
    }
  }
  if (out.noticeIds.length) await alerts.publishNotices(deps.db, deps.bus, out.noticeIds, deps.log);
}

async function requestNotice(tx: Executor, out: Outgoing, e: EventRow) {
  const p = e.payload as { buyerId: number; productId: number; data?: Record<string, unknown> };
  const kind = REQUEST_NOTICES[e.name]!;
  const r = await alerts.recordNotice(tx, { userId: p.buyerId, kind, productId: p.productId, data: p.data ?? {}, dedupeKey: `${kind}:${e.subjectId}` });
  if (r?.notificationId !== undefined) out.noticeIds.push(r.notificationId);
}

/** The sale confirmation of a queued e-mail, made when the mail processor sends it. */
export async function renderConfirmationAttachment(db: Executor, source: { orderId: number; language: string }) {
  const order = await repo.findOrder(db, source.orderId);
  return order ? confirmationOf(await withPackagingIn(db, order, source.language as Language), source.language as Language) : null;
}

/**
 * Both parties hear of a step: a bell notice, an e-mail in their language (decision 123: by the
 * company's country) if they want it — with the sale confirmation at CONFIRMED.
 */
async function announce(
  tx: Executor,
  out: Outgoing,
  o: OrderRow,
  stepName: OrderMail['step'],
  opts: { publicOrigin?: string; claimWindowMs?: number; automatic?: boolean; who?: OrderActor; reason?: string },
) {
  const parties: Array<{ side: 'buyer' | 'seller'; userId: number | null; other: string }> = [
    { side: 'buyer', userId: o.buyerId, other: o.seller.companyName },
    { side: 'seller', userId: o.sellerId, other: o.buyer.companyName },
  ];
  for (const p of parties) {
    if (p.userId === null) continue;
    const data: Record<string, unknown> = { orderId: o.id, orderNumber: o.number };
    if (opts.reason) data.reason = opts.reason;
    const r = await alerts.recordNotice(tx, {
      userId: p.userId,
      kind: KIND[stepName],
      productId: o.productId,
      data,
      dedupeKey: `order:${o.id}:${stepName}:${p.userId}`,
    });
    if (!r) continue;
    if (r.notificationId !== undefined) out.noticeIds.push(r.notificationId);
    if (!r.email) continue;
    const language = languageForCountry(r.recipient.alpha2);
    const mail = renderOrderMail({
      language,
      company: r.recipient.companyName,
      side: p.side,
      step: stepName,
      number: o.number,
      lot: o.lot.article[language] ? `${o.lot.title} (${o.lot.article[language]})` : o.lot.title,
      other: p.other,
      pallets: stepName === 'shipped' ? (o.shippedPallets ?? o.pallets) : stepName === 'delivered' ? (o.receivedPallets ?? o.pallets) : o.pallets,
      pricePerKg: Number(o.pricePerKg),
      amount: num(o.amount),
      netKg: bestNetKg(o),
      date: stepName === 'shipped' ? (o.departureDate ?? undefined) : stepName === 'delivered' ? o.receivedAt?.toISOString() : undefined,
      plate: o.vehiclePlate ?? undefined,
      carrier: o.carrierName,
      automatic: opts.automatic,
      claimEnd:
        stepName === 'delivered' && o.deliveredAt && opts.claimWindowMs !== undefined
          ? new Date(o.deliveredAt.getTime() + opts.claimWindowMs).toISOString()
          : undefined,
      who: opts.who,
      reason: opts.reason,
      url: opts.publicOrigin ? `${opts.publicOrigin.replace(/\/$/, '')}/user/orders/${o.id}` : undefined,
    });
    const attachments =
      stepName === 'confirmed'
        ? [
            {
              filename: `${docText(language, 'pdf.filename', {}, 'orderDocs')}-${o.number}.pdf`,
              contentType: 'application/pdf',
              source: { kind: 'order-confirmation' as const, orderId: o.id, language },
            },
          ]
        : undefined;
    await queueMailEvent(tx, [addressedTo(r.recipient, language, { ...mail, ...(attachments ? { attachments } : {}) })]);
  }
}

/**
 * A cancelled auction order's pallets relisted as a new lot (`order.relisted`): the lot's photos are
 * copied to it. Done inside the dispatcher's pass, before its commit: a copy is idempotent, so a pass
 * that fails after it copies again.
 */
export function relistedPhotosProcessor(deps: Pick<OrderDeps, 'photos'>): Processor {
  return {
    name: 'relisted-photos',
    events: ['order.relisted'],
    async handle(_tx, e) {
      const p = e.payload as { fromLotId: number; toLotId: number };
      await deps.photos?.copyAll(p.fromLotId, p.toLotId);
    },
  };
}
