import type { Claim, ClaimReason, OrderSide, AdminClaimItem } from '@primeur/shared';
import { variantName } from '../marketplace/marketplace.service.js';
import type { OrderRow } from '../orders/orders.service.js';
import { claimActions } from './claims.policy.js';
import type { ClaimHistoryRow, ClaimRow } from './claims.repository.js';

const num = (v: string | null) => (v === null ? null : Number(v));

export const photoUrl = (orderId: number, claimId: number, name: string) => `/api/users/orders/${orderId}/claims/${claimId}/photos/${name}`;

export function presentClaim(c: ClaimRow, history: ClaimHistoryRow[], order: Pick<OrderRow, 'id' | 'number' | 'amount'>, side: OrderSide): Claim {
  return {
    id: c.id,
    orderId: c.orderId,
    orderNumber: order.number,
    status: c.status,
    reasons: c.reasons as ClaimReason[],
    pallets: c.pallets,
    netKg: num(c.netKg),
    description: c.description,
    weightDispute: c.weightDispute,
    photos: c.photos.map((name) => ({ name, url: photoUrl(order.id, c.id, name), thumbUrl: photoUrl(order.id, c.id, variantName(name, 480)) })),
    creditAsked: Number(c.creditAsked),
    creditProposed: num(c.creditProposed),
    credit: num(c.settledCredit),
    settledAt: c.settledAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    orderAmount: num(order.amount),
    viewerSide: side,
    nextActions: claimActions(side, c.status),
    history: history.map((h) => ({ at: h.at.toISOString(), step: h.step, actor: h.actor, companyName: h.companyName, credit: num(h.credit), note: h.note })),
  };
}

export function presentAdminItem(c: ClaimRow, o: Pick<OrderRow, 'id' | 'number' | 'status' | 'buyer' | 'seller' | 'lot' | 'amount'>): AdminClaimItem {
  return {
    id: c.id,
    orderId: o.id,
    orderNumber: o.number,
    orderStatus: o.status,
    status: c.status,
    reasons: c.reasons as ClaimReason[],
    buyerCompany: o.buyer.companyName,
    sellerCompany: o.seller.companyName,
    lotTitle: o.lot.title,
    creditAsked: Number(c.creditAsked),
    creditProposed: num(c.creditProposed),
    credit: num(c.settledCredit),
    orderAmount: num(o.amount),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
