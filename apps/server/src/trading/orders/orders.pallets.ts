import {
  buildSscc,
  internalPalletNumber,
  lotNumberOf,
  normalisePalletCode,
  splitKg,
  ssccCapacity,
  type OrderPallet,
  type OrderPallets,
  type ShippedPalletInput,
} from '@primeur/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pallets, ssccCounters } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { sideOf } from './orders.policy.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';

/**
 * The pallets of a shipment (issue 37, decision 1014): numbered in the shipping transaction — an SSCC
 * from the seller's GS1 company prefix (its counter row locked, so two shipments never share one), or
 * Primeur's internal number for a seller without a prefix — with each pallet's weights and boxes.
 */

export type PalletRow = typeof pallets.$inferSelect;

export interface ShipmentFacts {
  pallets: number;
  netKg: number;
  grossKg?: number | undefined;
  palletDetails?: ReadonlyArray<{ netKg: number; grossKg?: number | undefined; boxes?: number | undefined }> | undefined;
}

/** Each pallet's net, gross and boxes: as weighed where the seller says, else the shipment shared evenly to the cent. */
export function palletFacts(order: Pick<OrderRow, 'lot'>, s: ShipmentFacts): Array<{ netKg: number; grossKg: number | null; boxes: number | null }> {
  const details: ReadonlyArray<Partial<ShippedPalletInput>> | undefined = s.palletDetails;
  const nets = details ? details.map((d) => d.netKg!) : splitKg(s.netKg, s.pallets);
  const anyGross = details?.some((d) => d.grossKg !== undefined) ?? false;
  // The shipment's packaging weight (gross − net) shared over the pallets, when the seller gave a total only.
  const tares = s.grossKg !== undefined && !anyGross ? splitKg(Math.round((s.grossKg - s.netKg) * 100) / 100, s.pallets) : null;
  return nets.map((netKg, i) => ({
    netKg,
    grossKg: details?.[i]?.grossKg ?? (tares ? Math.round((netKg + tares[i]!) * 100) / 100 : null),
    boxes: details?.[i]?.boxes ?? order.lot.boxesPerPallet ?? null,
  }));
}

/**
 * Takes `count` numbers from the prefix's counter (row-locked until the caller commits) and answers
 * the first. A prefix whose SSCCs are used up is a 409: the shipment is refused, nothing is written.
 */
async function takeSsccNumbers(tx: Executor, prefix: string, count: number): Promise<number> {
  const [row] = await tx
    .insert(ssccCounters)
    .values({ prefix, next: count })
    .onConflictDoUpdate({ target: ssccCounters.prefix, set: { next: sql`${ssccCounters.next} + ${count}` } })
    .returning({ next: ssccCounters.next });
  const first = row!.next - count;
  if (row!.next > ssccCapacity(prefix)) {
    throw new HttpError(409, 'SSCC_RANGE_EXHAUSTED', `The GS1 company prefix ${prefix} has no SSCCs left for ${count} pallets.`, [
      { path: 'gs1CompanyPrefix', message: 'exhausted' },
    ]);
  }
  return first;
}

/** Writes the shipment's pallets in the shipping transaction. */
export async function createPallets(tx: Executor, order: OrderRow, s: ShipmentFacts, gs1Prefix: string | null): Promise<PalletRow[]> {
  const facts = palletFacts(order, s);
  const first = gs1Prefix ? await takeSsccNumbers(tx, gs1Prefix, facts.length) : 0;
  const rows = facts.map((f, i) => ({
    orderId: order.id,
    seq: i + 1,
    code: gs1Prefix ? buildSscc(gs1Prefix, first + i) : internalPalletNumber(order.number, i + 1),
    gs1: gs1Prefix !== null,
    netKg: f.netKg.toFixed(2),
    grossKg: f.grossKg === null ? null : f.grossKg.toFixed(2),
    boxes: f.boxes,
  }));
  const out: PalletRow[] = [];
  // Large shipments in slices: one statement's parameters stay far below PostgreSQL's 65 535.
  for (let i = 0; i < rows.length; i += 1000)
    out.push(
      ...(await tx
        .insert(pallets)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  return out;
}

export const palletsOf = (db: Executor, orderId: number) => db.select().from(pallets).where(eq(pallets.orderId, orderId)).orderBy(asc(pallets.seq));

/** The pallets of these orders, by order then loading order. */
export const palletsOfOrders = (db: Executor, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db.select().from(pallets).where(inArray(pallets.orderId, orderIds)).orderBy(asc(pallets.orderId), asc(pallets.seq));

/** The pallet with this code, wherever it is (the trace's entry by SSCC). */
export async function palletByCode(db: Executor, code: string) {
  return (
    await db
      .select()
      .from(pallets)
      .where(eq(pallets.code, normalisePalletCode(code)))
  )[0];
}

export const presentPallet = (p: PalletRow): OrderPallet => ({
  seq: p.seq,
  code: p.code,
  gs1: p.gs1,
  netKg: Number(p.netKg),
  grossKg: p.grossKg === null ? null : Number(p.grossKg),
  boxes: p.boxes,
  receivedAt: p.receivedAt?.toISOString() ?? null,
});

function present(order: OrderRow, rows: PalletRow[]): OrderPallets {
  return {
    orderId: order.id,
    orderNumber: order.number,
    lotNumber: lotNumberOf(order.lot.productId),
    items: rows.map(presentPallet),
    received: rows.filter((r) => r.receivedAt !== null).length,
  };
}

/** The despatch advice of an order, for a party or the operator (anyone else: 404). */
export async function despatchAdvice(db: Executor, user: SessionUser, orderId: number): Promise<{ order: OrderRow; advice: OrderPallets }> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw notFound('Order');
  sideOf(order, user);
  return { order, advice: present(order, await palletsOf(db, orderId)) };
}

/**
 * The buyer receives one pallet at the dock (a scan or the code typed): recorded once — a second scan
 * of the same pallet answers the same time — while the order is SHIPPED. A code that is not one of
 * this order's pallets is refused without saying whose it is.
 */
export async function receivePallet(db: Executor, user: SessionUser, orderId: number, rawCode: string): Promise<OrderPallets> {
  return db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (sideOf(order, user) !== 'buyer') throw new HttpError(403, 'FORBIDDEN', 'Only the buyer receives pallets.');
    if (order.status !== 'SHIPPED') {
      throw new HttpError(409, 'ILLEGAL_TRANSITION', `The order is ${order.status}: pallets are received while it is SHIPPED.`, [
        { path: 'status', message: order.status },
      ]);
    }
    const code = normalisePalletCode(rawCode);
    const [hit] = await tx
      .update(pallets)
      .set({ receivedAt: sql`coalesce(${pallets.receivedAt}, now())`, receivedBy: sql`coalesce(${pallets.receivedBy}, ${user.id})` })
      .where(and(eq(pallets.orderId, orderId), eq(pallets.code, code)))
      .returning({ id: pallets.id });
    if (!hit) {
      throw new HttpError(404, 'PALLET_NOT_ON_ORDER', `No pallet ${code} on order ${order.number}.`, [{ path: 'code', message: 'notOnOrder' }]);
    }
    return present(order, await palletsOf(tx, orderId));
  });
}
