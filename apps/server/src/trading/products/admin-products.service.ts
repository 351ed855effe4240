import { todayInParis, type AdminProductQuery } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import * as lotSearch from '../marketplace/lot-search-view.js';
import * as marketplaceService from '../marketplace/marketplace.service.js';

/** One page of the admin lot list, newest first, with the count of every match. */
export async function search(db: Db, query: AdminProductQuery) {
  const { page, size, ...f } = query;
  // The day the marketplace compares `available_until` with (the Paris calendar day), so both lists agree.
  const now = new Date();
  const today = todayInParis(now);
  const [rows, total] = await Promise.all([lotSearch.page(db, f, today, size, (page - 1) * size), lotSearch.count(db, f, today)]);
  return { items: rows.map((r) => marketplaceService.presentProduct(r, now)), page, size, total };
}

/** The ids of the lots the list shows for these filters, in its order, at most `limit`, and how many match. */
export async function matchingIds(db: Db, filters: Omit<AdminProductQuery, 'page' | 'size'>, limit: number) {
  const today = todayInParis(new Date());
  const [rows, total] = await Promise.all([lotSearch.ids(db, filters, today, limit), lotSearch.count(db, filters, today)]);
  return { ids: rows.map((r) => r.id), total };
}

/** One batch of the admin lot list as filtered, newest first (the CSV export walks it batch by batch). */
export async function searchBatch(db: Db, filters: Omit<AdminProductQuery, 'page' | 'size'>, limit: number, offset: number) {
  const now = new Date();
  const rows = await lotSearch.page(db, filters, todayInParis(now), limit, offset);
  return rows.map((r) => marketplaceService.presentProduct(r, now));
}
