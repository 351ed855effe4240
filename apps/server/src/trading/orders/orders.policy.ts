import type { OrderAction, OrderActor, OrderSide, OrderStatus } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';

/** The named transitions of an order and who may make each (issue 21 §4; decision 721). */
export type Transition = 'ship' | 'receive' | 'autoReceive' | 'close' | 'cancel';

const RULES: Record<Transition, { from: readonly OrderStatus[]; to: OrderStatus; by: readonly OrderActor[] }> = {
  ship: { from: ['CONFIRMED'], to: 'SHIPPED', by: ['SELLER'] },
  receive: { from: ['SHIPPED'], to: 'DELIVERED', by: ['BUYER'] },
  autoReceive: { from: ['SHIPPED'], to: 'DELIVERED', by: ['SYSTEM'] },
  close: { from: ['DELIVERED'], to: 'CLOSED', by: ['SYSTEM'] },
  // The parties may cancel only before the goods leave; the operator until the order is closed.
  cancel: { from: ['CONFIRMED', 'SHIPPED', 'DELIVERED'], to: 'CANCELLED', by: ['BUYER', 'SELLER', 'OPERATOR'] },
};

export function targetOf(t: Transition): OrderStatus {
  return RULES[t].to;
}

/** Whether `actor` may make `t` from `status`. */
export function allowed(t: Transition, status: OrderStatus, actor: OrderActor): boolean {
  const rule = RULES[t];
  if (!rule.by.includes(actor) || !rule.from.includes(status)) return false;
  if (t === 'cancel' && actor !== 'OPERATOR') return status === 'CONFIRMED';
  return true;
}

/** 409 naming the current status, for a move the state machine does not have. */
export function illegal(status: OrderStatus, t: Transition) {
  return new HttpError(409, 'ILLEGAL_TRANSITION', `The order is ${status}: "${t}" is not possible now.`, [{ path: 'status', message: status }], {
    status,
  });
}

export function assertAllowed(t: Transition, status: OrderStatus, actor: OrderActor) {
  if (!allowed(t, status, actor)) throw illegal(status, t);
}

interface Parties {
  buyerId: number | null;
  sellerId: number | null;
}

/** How `user` stands to the order; a user who is neither party learns nothing (404). */
export function sideOf(order: Parties, user: SessionUser): OrderSide {
  if (user.category === 'admin') return 'operator';
  if (order.buyerId === user.id) return 'buyer';
  if (order.sellerId === user.id) return 'seller';
  throw notFound('Order');
}

export function actorOf(side: OrderSide): OrderActor {
  return side === 'buyer' ? 'BUYER' : side === 'seller' ? 'SELLER' : 'OPERATOR';
}

/**
 * The party whose step it is: a party asking for the other party's step (a buyer shipping) gets 403,
 * not a state error; the step itself is then checked against the status (409).
 */
export function assertParty(t: 'ship' | 'receive', side: OrderSide) {
  const need = t === 'ship' ? 'seller' : 'buyer';
  if (side !== need) throw new HttpError(403, 'FORBIDDEN', t === 'ship' ? 'Only the seller ships an order.' : 'Only the buyer receives an order.');
}

/** What the viewer may do now (the web's buttons). */
export function nextActions(status: OrderStatus, side: OrderSide): OrderAction[] {
  const actor = actorOf(side);
  const out: OrderAction[] = [];
  if (allowed('ship', status, actor)) out.push('ship');
  if (allowed('receive', status, actor)) out.push('receive');
  if (allowed('cancel', status, actor)) out.push('cancel');
  if (side === 'buyer' && status === 'CONFIRMED') out.push('editDelivery');
  return out;
}
