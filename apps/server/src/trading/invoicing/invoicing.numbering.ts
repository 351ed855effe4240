import { defaultInvoicePrefix, formatInvoiceNumber } from '@primeur/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { invoiceCounters, users } from '../../db/schema/index.js';

/**
 * Invoice numbers per seller and year, continuous and never reused (decision 762). The counter row
 * is incremented by one statement that also creates it, and stays locked until the caller's
 * transaction ends: the invoice and its number commit together or not at all. Takes a transaction
 * (not the database): a number taken outside one would be lost if the invoice then failed.
 */
export async function nextInvoiceNumber(tx: Tx, sellerId: number, year: number, prefix: string): Promise<{ number: string; sequence: number }> {
  // Checked before the counter moves: a bad prefix must not cost a number.
  formatInvoiceNumber(prefix, year, 1);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ sellerCompanyId: sellerId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.sellerCompanyId, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { number: formatInvoiceNumber(prefix, year, sequence), sequence };
}

/** The seller's prefix from the company settings, or the one derived from its name. Null: no such seller. */
export async function sellerInvoicePrefix(db: Executor, sellerId: number): Promise<string | null> {
  const [row] = await db.select({ prefix: users.invoicePrefix, name: users.companyName }).from(users).where(eq(users.id, sellerId));
  if (!row) return null;
  return row.prefix ?? defaultInvoicePrefix(row.name);
}
