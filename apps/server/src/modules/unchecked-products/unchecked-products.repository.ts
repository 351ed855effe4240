import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies, inboundMessages, uncheckedProducts } from '../../db/schema/index.js';

export type InboundMessageRow = typeof inboundMessages.$inferSelect;
export type UncheckedRow = typeof uncheckedProducts.$inferSelect;
export type NewUncheckedRow = typeof uncheckedProducts.$inferInsert;

const selection = {
  row: uncheckedProducts,
  message: inboundMessages,
  supplier: { id: companies.id, company: companies.company },
};

export const uncheckedRepository = {
  /** The new message, or undefined when its external id was seen before (a redelivery). */
  async insertMessage(db: Executor, values: typeof inboundMessages.$inferInsert) {
    const [row] = await db.insert(inboundMessages).values(values).onConflictDoNothing({ target: inboundMessages.externalId }).returning();
    return row;
  },

  async insertRows(db: Executor, rows: NewUncheckedRow[]) {
    if (!rows.length) return [];
    return (await db.insert(uncheckedProducts).values(rows).returning({ id: uncheckedProducts.id })).map((r) => r.id);
  },

  /** Oldest first, so staff work through messages in the order they came. */
  page(db: Executor, offset: number, limit: number) {
    return db
      .select(selection)
      .from(uncheckedProducts)
      .innerJoin(inboundMessages, eq(inboundMessages.id, uncheckedProducts.messageId))
      .leftJoin(companies, and(eq(companies.id, uncheckedProducts.supplierId), eq(companies.kind, 'supplier')))
      .orderBy(asc(uncheckedProducts.createdAt), asc(uncheckedProducts.id))
      .offset(offset)
      .limit(limit);
  },

  byIds(db: Executor, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .select(selection)
      .from(uncheckedProducts)
      .innerJoin(inboundMessages, eq(inboundMessages.id, uncheckedProducts.messageId))
      .leftJoin(companies, and(eq(companies.id, uncheckedProducts.supplierId), eq(companies.kind, 'supplier')))
      .where(inArray(uncheckedProducts.id, ids))
      .orderBy(asc(uncheckedProducts.id));
  },

  async total(db: Executor) {
    const [r] = await db.select({ n: count() }).from(uncheckedProducts);
    return r?.n ?? 0;
  },

  /** Locks the row for the move, so two clicks cannot create two variants. */
  async findForUpdate(db: Executor, id: number) {
    const [row] = await db.select().from(uncheckedProducts).where(eq(uncheckedProducts.id, id)).for('update');
    return row;
  },

  async delete(db: Executor, id: number) {
    const rows = await db.delete(uncheckedProducts).where(eq(uncheckedProducts.id, id)).returning({ id: uncheckedProducts.id });
    return rows.length > 0;
  },
};

export type UncheckedWithRefs = Awaited<ReturnType<typeof uncheckedRepository.page>>[number];
