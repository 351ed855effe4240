import {
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  ORDER_NOTE_CODES,
  type Order,
  type OrderHistoryEntry,
  type OrderIncoterm,
  type OrderNoteCode,
  type OrderRef,
  type OrderSide,
  type OrderSummary,
} from '@primeur/shared';
import type { HistoryRow, OrderRow } from './orders.repository.js';
import { nextActions } from './orders.policy.js';

const ORDER_NOTE_CODE_SET = new Set<string>(ORDER_NOTE_CODES);

export const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The net weight the amount is of: the invoiced weight once received (decision 981: the shipped one
 * when the receipt is disputed or automatic), else what was shipped, else the estimate.
 */
export function bestNetKg(o: Pick<OrderRow, 'receivedNetKg' | 'shippedNetKg' | 'estimatedNetKg' | 'invoicedWeight'>): number | null {
  if (o.invoicedWeight === 'SHIPPED') return num(o.shippedNetKg);
  return num(o.receivedNetKg ?? o.shippedNetKg ?? o.estimatedNetKg);
}

/** What an order's reading depends on besides its row: the claim window and the weight tolerance in force. */
export interface OrderView {
  claimWindowMs: number;
  weightTolerancePercent?: number;
}

export function presentSummary(o: OrderRow, side: OrderSide, view: OrderView): OrderSummary {
  const { claimWindowMs } = view;
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    source: o.source,
    purchaseRequestId: o.purchaseRequestId,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    lot: o.lot,
    pallets: o.pallets,
    estimatedNetKg: num(o.estimatedNetKg),
    netKg: bestNetKg(o),
    pricePerKg: Number(o.pricePerKg),
    amount: num(o.amount),
    invoicedWeight: o.invoicedWeight,
    weightTolerancePercent: view.weightTolerancePercent ?? DEFAULT_WEIGHT_TOLERANCE_PERCENT,
    currency: 'EUR',
    incoterm: o.incoterm as OrderIncoterm,
    incotermPlace: o.incotermPlace,
    buyer: o.buyer,
    seller: o.seller,
    deliveryAddress: o.deliveryAddress,
    requestedDeliveryDate: o.requestedDeliveryDate,
    carrier: o.carrierId !== null || o.carrierName !== null ? { id: o.carrierId ?? 0, name: o.carrierName ?? '' } : null,
    shipment:
      o.shippedAt && o.shippedPallets !== null
        ? {
            pallets: o.shippedPallets,
            netKg: Number(o.shippedNetKg),
            departureDate: o.departureDate ?? '',
            vehiclePlate: o.vehiclePlate ?? '',
            carrier: o.carrierName !== null ? { id: o.carrierId ?? 0, name: o.carrierName } : null,
            at: o.shippedAt.toISOString(),
          }
        : null,
    receipt:
      o.receivedAt && o.receivedPallets !== null
        ? {
            pallets: o.receivedPallets,
            netKg: Number(o.receivedNetKg),
            receivedAt: o.receivedAt.toISOString(),
            automatic: o.receivedAutomatically,
            differences: o.receivedDifferences,
          }
        : null,
    cancelReason: o.cancelReason,
    claimWindowEndsAt: o.status === 'DELIVERED' && o.deliveredAt ? new Date(o.deliveredAt.getTime() + claimWindowMs).toISOString() : null,
    viewerSide: side,
    nextActions: nextActions(o.status, side),
  };
}

export function presentHistory(h: HistoryRow): OrderHistoryEntry {
  return {
    at: h.at.toISOString(),
    actor: h.actor,
    companyName: h.companyName,
    from: h.fromStatus,
    to: h.toStatus,
    note: h.note,
    noteCode: ORDER_NOTE_CODE_SET.has(h.noteCode ?? '') ? (h.noteCode as OrderNoteCode) : null,
    noteParams: h.noteParams ?? {},
  };
}

export function presentOrder(o: OrderRow, history: HistoryRow[], side: OrderSide, view: OrderView): Order {
  return { ...presentSummary(o, side, view), history: history.map(presentHistory) };
}

export const presentRef = (o: Pick<OrderRow, 'id' | 'number' | 'status'>): OrderRef => ({ id: o.id, number: o.number, status: o.status });
