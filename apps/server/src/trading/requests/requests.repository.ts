import type { Executor } from '../../db/client.js';
import { productRequests } from '../../db/schema/index.js';

export async function insert(db: Executor, row: typeof productRequests.$inferInsert) {
  return (await db.insert(productRequests).values(row).returning())[0]!;
}
