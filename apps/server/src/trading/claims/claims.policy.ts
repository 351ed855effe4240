import { OPEN_CLAIM_STATUSES, type ClaimAction, type ClaimStatus, type OrderSide } from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';

/**
 * Who may take which step of a claim, from which status (decision 801). The seller answers an OPEN
 * claim; the buyer answers the seller's proposal or rejection; the operator may decide any claim not
 * yet settled (an escalated one is waiting for it, but it may also step in earlier).
 */
const RULES: Record<ClaimAction, { side: OrderSide; from: readonly ClaimStatus[] }[]> = {
  accept: [
    { side: 'seller', from: ['OPEN'] },
    { side: 'buyer', from: ['PROPOSED', 'REJECTED'] },
  ],
  propose: [{ side: 'seller', from: ['OPEN'] }],
  reject: [{ side: 'seller', from: ['OPEN'] }],
  escalate: [{ side: 'buyer', from: ['PROPOSED', 'REJECTED'] }],
  decide: [{ side: 'operator', from: OPEN_CLAIM_STATUSES }],
};

export const isOpen = (status: ClaimStatus) => status !== 'SETTLED';

export function claimAllowed(action: ClaimAction, side: OrderSide, status: ClaimStatus) {
  return RULES[action].some((r) => r.side === side && r.from.includes(status));
}

/**
 * A step by a side that never takes it (a buyer proposing) is 403; a step its side takes, asked at
 * the wrong time (a seller answering twice), is 409 naming the claim's status.
 */
export function assertClaimStep(action: ClaimAction, side: OrderSide, status: ClaimStatus) {
  if (claimAllowed(action, side, status)) return;
  if (!RULES[action].some((r) => r.side === side)) {
    throw new HttpError(403, 'FORBIDDEN', `The ${side} cannot ${action} a claim.`);
  }
  throw new HttpError(409, 'ILLEGAL_CLAIM_STEP', `The claim is ${status}: "${action}" is not possible now.`, [{ path: 'status', message: status }], { status });
}

export function claimActions(side: OrderSide, status: ClaimStatus): ClaimAction[] {
  return (Object.keys(RULES) as ClaimAction[]).filter((a) => claimAllowed(a, side, status));
}
