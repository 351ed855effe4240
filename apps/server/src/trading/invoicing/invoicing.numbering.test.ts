import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type Database } from '../../db/client.js';
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

const take = (sellerId: number, year = 2026, prefix = 'VDR', kind: 'INVOICE' | 'CREDIT_NOTE' = 'INVOICE') =>
  database.db.transaction((tx) => nextInvoiceNumber(tx, sellerId, kind, year, prefix));

describe('invoice numbering', () => {
  it('starts each seller and year at 00001 and counts on', async () => {
    const a = await createUser(database.db, { category: 'supplier' });
    const b = await createUser(database.db, { category: 'supplier' });
    expect((await take(a.id)).number).toBe('VDR-2026-00001');
    expect((await take(a.id)).number).toBe('VDR-2026-00002');
    expect((await take(b.id)).number).toBe('VDR-2026-00001');
    expect((await take(a.id, 2027)).number).toBe('VDR-2027-00001');
  });

  it('counts credit notes in a series of their own, marked CN, per seller and year', async () => {
    const a = await createUser(database.db, { category: 'supplier' });
    expect((await take(a.id)).number).toBe('VDR-2026-00001');
    expect((await take(a.id, 2026, 'VDR', 'CREDIT_NOTE')).number).toBe('VDR-CN-2026-00001');
    expect((await take(a.id)).number).toBe('VDR-2026-00002');
    expect((await take(a.id, 2026, 'VDR', 'CREDIT_NOTE')).number).toBe('VDR-CN-2026-00002');
    expect((await take(a.id, 2027, 'VDR', 'CREDIT_NOTE')).number).toBe('VDR-CN-2027-00001');
    const rows = await database.db.select().from(invoiceCounters).where(eq(invoiceCounters.sellerCompanyId, a.id));
    expect(rows.map((r) => [r.kind, r.year, r.lastNumber]).sort()).toEqual([
      ['CREDIT_NOTE', 2026, 2],
      ['CREDIT_NOTE', 2027, 1],
      ['INVOICE', 2026, 2],
    ]);
  });

  it('gives 50 concurrent transactions of one seller 50 consecutive numbers', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    const numbers = await Promise.all(
      Array.from({ length: 50 }, () =>
        database.db.transaction(async (tx) => {
          const n = await nextInvoiceNumber(tx, seller.id, 'INVOICE', 2026, 'CONC');
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
        const n = await nextInvoiceNumber(tx, seller.id, 'INVOICE', 2026, 'VDR');
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
          const n = await nextInvoiceNumber(tx, seller.id, 'INVOICE', 2026, 'MIX');
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

describe('the migration to series per kind (0024, decision 970)', () => {
  it('keeps the existing counters as the invoice series, so no number already given comes back', async () => {
    const seller = await createUser(database.db, { category: 'supplier' });
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0024_invoice_numbers_per_issuer.sql'), 'utf8').split('--> statement-breakpoint');
    await database.db
      .transaction(async (tx) => {
        // The table as it was before 0024: one counter per seller and year, invoices and credit notes together.
        await tx.execute(sql`alter table invoice_counters drop constraint invoice_counters_seller_company_id_kind_year_pk`);
        await tx.execute(sql`delete from invoice_counters`);
        await tx.execute(sql`alter table invoice_counters drop column kind`);
        await tx.execute(sql`alter table invoice_counters add constraint invoice_counters_seller_company_id_year_pk primary key (seller_company_id, year)`);
        await tx.execute(sql`drop index invoices_seller_number_uq`);
        await tx.execute(sql`drop index invoices_operator_number_uq`);
        await tx.execute(sql`create unique index invoices_number_uq on invoices (number)`);
        // VDR-2026-00001 … 00007 were given, some of them to credit notes.
        await tx.execute(sql`insert into invoice_counters (seller_company_id, year, last_number) values (${seller.id}, 2026, 7), (${seller.id}, 2025, 40)`);
        for (const statement of migration) await tx.execute(sql.raw(statement));

        const rows = await tx.select().from(invoiceCounters).where(eq(invoiceCounters.sellerCompanyId, seller.id));
        expect(rows.map((r) => [r.kind, r.year, r.lastNumber]).sort()).toEqual([
          ['INVOICE', 2025, 40],
          ['INVOICE', 2026, 7],
        ]);
        expect((await nextInvoiceNumber(tx, seller.id, 'INVOICE', 2026, 'VDR')).number).toBe('VDR-2026-00008');
        expect((await nextInvoiceNumber(tx, seller.id, 'CREDIT_NOTE', 2026, 'VDR')).number).toBe('VDR-CN-2026-00001');
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    // Rolled back: the shared database keeps the migrated shape.
    expect((await take(seller.id, 2026, 'VDR', 'CREDIT_NOTE')).number).toBe('VDR-CN-2026-00001');
  });
});
