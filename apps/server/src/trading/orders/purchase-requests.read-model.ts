import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { purchaseRequests } from '../../db/schema/index.js';

/**
 * The purchase requests as other modules read them (decision 1005), a subquery they join like a table
 * (PostgreSQL inlines it: the plan is the join it replaces). It depends on the schema only.
 */
const purchaseRequestsQuery = new QueryBuilder()
  .select({
    id: purchaseRequests.id,
    productId: purchaseRequests.productId,
    buyerId: purchaseRequests.buyerId,
    pallets: purchaseRequests.pallets,
    message: purchaseRequests.message,
    status: purchaseRequests.status,
    createdAt: purchaseRequests.createdAt,
  })
  .from(purchaseRequests);

/** The purchase requests (lot, buyer, pallets, message, status, time) as an SQL fragment, `join ${purchaseRequestRows} r on …` in queries written in SQL. */
export const purchaseRequestRows = sql`(${purchaseRequestsQuery})`;
