import { todayInParis, type AdminProductQuery } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import * as repo from './admin-products.repository.js';
import * as marketplaceService from '../../trading/marketplace/marketplace.service.js';

/** One page of the admin lot list, newest first, with the count of every match. */
export async function search(db: Db, query: AdminProductQuery) {
  const { page, size, ...f } = query;
  // The day the marketplace compares `available_until` with (the Paris calendar day), so both lists agree.
  const now = new Date();
  const today = todayInParis(now);
  const [rows, total] = await Promise.all([repo.page(db, f, today, size, (page - 1) * size), repo.count(db, f, today)]);
  return { items: rows.map((r) => marketplaceService.presentProduct(r, now)), page, size, total };
}
