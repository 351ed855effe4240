import type { AdminProductQuery, BulkAction, BulkResult, UserListQuery } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import type { SessionStore } from '../../plugins/session.js';
import type { Actor } from '../../events/changes.js';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';
import * as adminProductsService from '../../trading/products/admin-products.service.js';
import * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import * as usersService from '../../companies/users/users.service.js';

/**
 * Bulk actions (decision 880): each row goes through the service call its single-row action uses, in
 * that call's own transaction, one after the other, so a refused row leaves the others done and every
 * rule (and record) of the single action applies. A refusal (HttpError) is that row's outcome; any
 * other failure (the database gone) stops the request as the single action would, the rows before it
 * staying done — a retry is safe, since every action is done at most once.
 */
async function eachRow(ids: number[], work: (id: number) => Promise<unknown>): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      await work(id);
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ id, ok: false, code: err.code });
    }
  }
  return results;
}

export interface UserActionDeps {
  db: Db;
  sessions: SessionStore;
  adminId: number;
}

/** Activates or deactivates accounts; one already in the asked state is ok; one's own account is never deactivated. */
export function users({ db, sessions, adminId }: UserActionDeps, action: BulkAction<'users'>, ids: number[]) {
  return eachRow(ids, (id) => usersService.setStatus(db, sessions, adminId, id, action === 'activate'));
}

/** Enables or disables lots; one already so is ok; one in auction or expired is refused like its toggle (STATUS_NOT_TOGGLEABLE). */
export function lots(db: Db, actor: Actor, action: BulkAction<'lots'>, ids: number[]) {
  return eachRow(ids, (id) => marketplaceService.setEnabled(db, actor, id, action === 'enable'));
}

/**
 * Deletes supplier variants. A variant that is not there is ok: the state asked for holds, and a retry
 * of a request whose answer was lost must not report the rows it deleted as failures.
 */
export function variants(db: Db, actor: Actor, _action: BulkAction<'variants'>, ids: number[]) {
  return eachRow(ids, async (id) => {
    try {
      await supplierProductsService.remove(db, actor, id);
    } catch (err) {
      if (!(err instanceof HttpError && err.code === 'NOT_FOUND')) throw err;
    }
  });
}

/** "Select all matching the filter" on the user list: the first `limit` ids in the list's order and the count. */
export function matchingUsers(db: Db, filters: Omit<UserListQuery, 'page' | 'size'>, limit: number) {
  return usersService.matchingIds(db, filters, limit);
}

/** The same for the admin lot list. */
export function matchingLots(db: Db, filters: Omit<AdminProductQuery, 'page' | 'size'>, limit: number) {
  return adminProductsService.matchingIds(db, filters, limit);
}
