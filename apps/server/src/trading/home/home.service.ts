import { HOME_LIST_SIZE, todayInParis, type RoleHome, type SentPurchaseRequest } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../plugins/session.js';
import * as repo from './home.repository.js';

/** The page each role lands on after sign-in (issue 16): what moved since the last visit, in one call. */
export async function forUser(db: Db, user: SessionUser, now = new Date()): Promise<RoleHome> {
  const today = todayInParis(now);
  if (user.category === 'supplier') {
    const [counts, myLots, offersReceived, requestsReceived] = await Promise.all([
      repo.supplierCounts(db, user.id, now, today),
      repo.supplierLots(db, user.id),
      repo.offersReceived(db, user.id),
      repo.requestsReceived(db, user.id),
    ]);
    return { role: 'supplier', counts, myLots, offersReceived, requestsReceived };
  }
  const [endingSoon, myBids, myRequests, newLots] = await Promise.all([
    repo.endingSoon(db, now),
    repo.myBids(db, user.id, now),
    repo.sentRequests(db, user.id, today, HOME_LIST_SIZE),
    repo.newLots(db, today),
  ]);
  return { role: 'buyer', endingSoon, myBids, myRequests, newLots };
}

/** Every purchase request the user sent, newest first (at most 200). */
export function sentRequests(db: Db, user: SessionUser, now = new Date()): Promise<SentPurchaseRequest[]> {
  return repo.sentRequests(db, user.id, todayInParis(now), 200);
}
