import { lineAmount, type Language, type NotificationKind, type OrderActor, type OrderEvent, type OrderStatus } from '@primeur/shared';
import type { AppConfig } from '../../config/env.js';
import type { Db, Executor } from '../../db/client.js';
import { languageForCountry } from '../../documents/email/language.js';
import type { Mailer } from '../../documents/email/mailer.js';
import { deliverQueued, fillAttachment, queueMail, unrenderedAttachments } from '../../documents/email/outbox.js';
import { renderOrderMail, type OrderMail } from '../../documents/email/templates/order-message.js';
import { t as docText } from '../../documents/email/i18n.js';
import { renderOrderConfirmation } from '../../documents/pdf/order-confirmation.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { userQueueTopic } from '../../realtime/user-destinations.js';
import * as alerts from '../alerts/alerts.service.js';
import { bestNetKg } from './orders.presenter.js';
import { lotPhotoStore } from '../marketplace/marketplace.service.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { num } from './orders.presenter.js';

/**
 * What leaves an order transaction after its commit (rule 5): the effects a transaction collects,
 * and the messages of a step — bell notices, e-mails with the sale confirmation, live order events.
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

/**
 * What a transaction leaves to do after its commit (rule 5: nothing leaves before the commit):
 * e-mails to send, bell notices and order events to publish.
 */
export class OrderEffects {
  readonly mailIds: number[] = [];
  readonly noticeIds: number[] = [];
  readonly events: Array<{ userIds: number[]; event: OrderEvent }> = [];
  /** Photo folders to copy for relisted lots (from → to). */
  readonly photoCopies: Array<{ from: number; to: number }> = [];
}

/** Runs the committed transaction's effects; a failure is logged, never undoes the commit. */
export async function flush(deps: OrderDeps, fx: OrderEffects) {
  for (const c of fx.photoCopies) {
    try {
      await deps.photos?.copyAll(c.from, c.to);
    } catch (err) {
      deps.log.error({ err, from: c.from, to: c.to }, 'could not copy the photos of a relisted lot');
    }
  }
  for (const { userIds, event } of fx.events) {
    for (const userId of userIds) {
      try {
        await deps.bus.publish(userQueueTopic(userId, 'orders'), JSON.stringify(event));
      } catch (err) {
        deps.log.error({ err, order: event.orderId }, 'could not publish an order event');
      }
    }
  }
  if (fx.noticeIds.length) await alerts.publishNotices(deps.db, deps.bus, fx.noticeIds, deps.log);
  if (fx.mailIds.length) {
    try {
      // Messages without a file to render leave now; those with one wait for it (below).
      await deliverQueued(deps.db, deps.mailer, fx.mailIds);
    } catch (err) {
      deps.log.error({ err }, 'could not send order e-mails');
    }
    sendConfirmationsLater(deps, fx.mailIds);
  }
}

/**
 * The confirmations queued per database (so per app): a chain shared by the process would make one
 * app's close (or a test file's) wait for another's renders, and carry their failures across.
 */
const confirmations = new WeakMap<Db, Promise<void>>();

/**
 * The sale confirmations are rendered one at a time behind the answer, not inside it: a PDF costs
 * a few hundred milliseconds of CPU, and a burst of acceptances must not hold every request (and
 * the database pool) behind that work (decision 723). The lifecycle job's sweep finishes whatever a
 * stopped process left.
 */
function sendConfirmationsLater(deps: OrderDeps, outboxIds: number[]) {
  const next = (confirmations.get(deps.db) ?? Promise.resolve())
    .then(async () => {
      const ready = await renderAttachments(deps.db, outboxIds);
      if (ready.length) await deliverQueued(deps.db, deps.mailer, ready);
    })
    .catch((err: unknown) => deps.log.error({ err }, 'could not render or send a sale confirmation'));
  confirmations.set(deps.db, next);
}

/** Resolves once every confirmation queued so far on this database is rendered and sent (tests, graceful stop). */
export function confirmationsSettled(db: Db): Promise<void> {
  return confirmations.get(db) ?? Promise.resolve();
}

/**
 * Renders the sale confirmations queued with order e-mails. They are made after the commit, not in
 * the transaction: a PDF takes tens of milliseconds, which the lot and the number counter would
 * otherwise stay locked for (decision 723). `outboxIds` limits it to one commit's messages; without,
 * it is the sweep of what a crash left. Returns the messages whose files are now complete.
 */
export async function renderAttachments(db: Db, outboxIds?: number[]): Promise<number[]> {
  const done = new Set<number>();
  // Walks by id, so a file that cannot be made (its order gone) is passed over, not retried for ever.
  for (let after = 0; ;) {
    const batch = await unrenderedAttachments(db, 100, outboxIds, after);
    for (const a of batch) {
      after = a.id;
      if (a.source?.kind !== 'order-confirmation') continue;
      const order = await repo.findOrder(db, a.source.orderId);
      if (!order) continue;
      await fillAttachment(db, a.id, await confirmationOf(order, a.source.language as Language));
      done.add(a.outboxId);
    }
    if (batch.length < 100) return [...done];
  }
}

/** The lifecycle job's sweep: confirmations a crash left unrendered are made and their e-mails sent. */
export async function sweepOrderMail(deps: OrderDeps) {
  const ids = await renderAttachments(deps.db);
  if (ids.length) await deliverQueued(deps.db, deps.mailer, ids);
  return ids.length;
}

/** A transaction with its effects run after the commit. */
export async function inTransaction<T>(deps: OrderDeps, fn: (tx: Executor, fx: OrderEffects) => Promise<T>): Promise<T> {
  const fx = new OrderEffects();
  const out = await deps.db.transaction((tx) => fn(tx, fx));
  await flush(deps, fx);
  return out;
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

export function queueEvent(fx: OrderEffects, o: OrderRow, previous: OrderStatus | null) {
  fx.events.push({
    userIds: [o.buyerId, o.sellerId].filter((v): v is number => v !== null),
    event: { orderId: o.id, number: o.number, status: o.status, previousStatus: previous, at: o.updatedAt.toISOString() },
  });
}

export async function noticeOnly(
  tx: Executor,
  fx: OrderEffects,
  userId: number,
  kind: NotificationKind,
  productId: number,
  data: Record<string, unknown>,
  dedupeKey: string,
) {
  const r = await alerts.recordNotice(tx, { userId, kind, productId, data, dedupeKey });
  if (r?.notificationId !== undefined) fx.noticeIds.push(r.notificationId);
}

/**
 * Both parties hear of a step: a bell notice, an e-mail in their language (decision 123: by the
 * company's country) if they want it — with the sale confirmation at CONFIRMED — and a live event.
 */
export async function announce(
  tx: Executor,
  fx: OrderEffects,
  o: OrderRow,
  stepName: OrderMail['step'],
  opts: { publicOrigin?: string; claimWindowMs?: number; automatic?: boolean; who?: OrderActor; reason?: string },
) {
  const previous = stepName === 'confirmed' ? null : ((await repo.historyOf(tx, o.id)).at(-1)?.fromStatus ?? null);
  queueEvent(fx, o, previous);
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
    if (r.notificationId !== undefined) fx.noticeIds.push(r.notificationId);
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
    const ids = await queueMail(tx, [
      {
        ...mail,
        to: { name: r.recipient.companyName, address: r.recipient.email },
        language,
        company: r.recipient.companyName,
        ...(attachments ? { attachments } : {}),
      },
    ]);
    fx.mailIds.push(...ids);
  }
}
