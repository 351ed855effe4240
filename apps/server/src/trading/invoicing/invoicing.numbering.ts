import { defaultInvoicePrefix, formatInvoiceNumber, type InvoiceKind } from '@primeur/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { invoiceCounters } from '../../db/schema/index.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';

/**
 * Document numbers per seller, kind and year, continuous and never reused (decisions 762, 970): an
 * invoice series and a credit-note series. The counter row is incremented by one statement that also
 * creates it, and stays locked until the caller's transaction ends: the document and its number commit
 * together or not at all. Takes a transaction (not the database): a number taken outside one would be
 * lost if the document then failed.
 */
export async function nextInvoiceNumber(
  tx: Tx,
  sellerId: number,
  kind: InvoiceKind,
  year: number,
  prefix: string,
): Promise<{ number: string; sequence: number }> {
  // Checked before the counter moves: a bad prefix must not cost a number.
  formatInvoiceNumber(prefix, year, 1, kind);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ sellerCompanyId: sellerId, kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.sellerCompanyId, invoiceCounters.kind, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = row!.lastNumber;
  return { number: formatInvoiceNumber(prefix, year, sequence, kind), sequence };
}

/** The seller's prefix from the company settings, or the one derived from its name. Null: no such seller. */
export async function sellerInvoicePrefix(db: Executor, sellerId: number): Promise<string | null> {
  const seller = await accountWithPlace(db, sellerId);
  if (!seller) return null;
  return seller.invoicePrefix ?? defaultInvoicePrefix(seller.companyName);
}
