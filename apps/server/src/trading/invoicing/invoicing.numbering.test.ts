import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createUser } from '../../db/factories.js';
import { invoiceCounters, users } from '../../db/schema/index.js';
import { freshDatabase } from '../../../test/database.js';
import { nextInvoiceNumber, sellerInvoicePrefix } from './invoicing.numbering.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

const take = (sellerId: number, year = 2026, prefix = 'VDR') => database.db.transaction((tx) => nextInvoiceNumber(tx, sellerId, year, prefix));

describe('invoice numbering', () => {
  it('starts each seller and year at 00001 and counts on', async () => {
    const a = await createUser(database.db, { category: 'supplier' });
    const b = await createUser(database.db, { category: 'supplier' });
    expect((await take(a.id)).number).toBe('VDR-2026-00001');
    expect((await take(a.id)).number).toBe('VDR-2026-00002');
    expect((await take(b.id)).number).toBe('VDR-2026-00001');
    expect((await take(a.id, 2027)).number).toBe('VDR-2027-00001');
  });

  it('gives 50 concurrent transactions of one seller 50 consecutive numbers', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        database.db.transaction(async (tx) => {
          const n = await nextInvoiceNumber(tx, seller.id, 2026, 'CONC');
          // Work inside the same transaction after the number, as writing the invoice row would.
          await tx.select().from(users).where(eq(users.id, seller.id));
          return n.sequence;
        }),
      ),
    );
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('a transaction rolled back half-way gives its number back: no gap', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    expect((await take(seller.id)).sequence).toBe(1);
    await expect(
      database.db.transaction(async (tx) => {
        const n = await nextInvoiceNumber(tx, seller.id, 2026, 'VDR');
        expect(n.sequence).toBe(2);
        throw new Error('the invoice could not be written');
      }),
    ).rejects.toThrow('the invoice could not be written');
    expect((await take(seller.id)).number).toBe('VDR-2026-00002');
  });

  it('concurrent transactions with some rolled back leave the committed numbers consecutive', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        database.db.transaction(async (tx) => {
          const n = await nextInvoiceNumber(tx, seller.id, 2026, 'MIX');
          if (i % 3 === 0) throw new Error('rolled back');
          return n.sequence;
        }),
      ),
    );
    const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(committed).toHaveLength(20);
    expect([...committed].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const [row] = await database.db.select().from(invoiceCounters).where(eq(invoiceCounters.sellerCompanyId, seller.id));
    expect(row!.lastNumber).toBe(20);
  });

  it('refuses a malformed prefix before the counter moves', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    await expect(take(seller.id, 2026, 'bad-prefix')).rejects.toThrow(RangeError);
    expect((await take(seller.id)).sequence).toBe(1);
  });

  it('uses the prefix of the company settings, else one derived from the company name', async () => {
    const seller = await createUser(database.db, { category: 'supplier', companyName: 'Les Vergers du Roussillon SARL' });
    expect(await sellerInvoicePrefix(database.db, seller.id)).toBe('VERROU');
    await database.db.update(users).set({ invoicePrefix: 'VDR66' }).where(eq(users.id, seller.id));
    expect(await sellerInvoicePrefix(database.db, seller.id)).toBe('VDR66');
    expect(await sellerInvoicePrefix(database.db, 2_000_000_000)).toBeNull();
  });

  it('the database refuses a prefix that could not head an invoice number', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    await expect(database.db.update(users).set({ invoicePrefix: 'vdr-1' }).where(eq(users.id, seller.id))).rejects.toThrow();
  });
});
