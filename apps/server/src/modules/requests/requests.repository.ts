import type { Executor } from '../../db/client.js';
import { productRequests } from '../../db/schema/index.js';

export const requestsRepository = {
  insert: async (db: Executor, row: typeof productRequests.$inferInsert) => (await db.insert(productRequests).values(row).returning())[0]!,
};
