import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { createUser } from '../factories.js';
import { seedBackoffice } from './backoffice.js';
import { seedPrices } from './prices.js';
import { seedListings } from './listings.js';
import { seedSupplierProducts } from './supplier-products.js';
import { seedClientProducts } from './client-products.js';
import { seedUncheckedProducts } from './unchecked-products.js';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@example.com', password: 'Demo-admin-1' },
  buyer: { email: 'buyer@example.com', password: 'Demo-buyer-1' },
  supplier: { email: 'supplier@example.com', password: 'Demo-supplier-1' },
} as const;

export interface DemoSeedOptions {
  dataDir?: string;
  claimWindowMs?: number;
  /**
   * The trade after the sale (src/demo-trade.ts, decision 900), run after the commit: it goes through
   * the order, claim and invoicing services, which this layer may not import, so the caller passes it.
   */
  trade?: (db: Db, opts: { dataDir?: string; claimWindowMs?: number }) => Promise<unknown>;
  /**
   * The operator's recent edits for the history of changes (src/demo-activity.ts, decision 941), run
   * after the commit through the companies, contacts and price-list services; passed by the caller as
   * the trade is.
   */
  activity?: (db: Db) => Promise<unknown>;
}

/** Seeds demo data into an empty database (no users yet). Returns false when there was data already. */
export async function seedDemo(db: Db, opts: DemoSeedOptions = {}): Promise<boolean> {
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows as [{ n: number }];
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    await createUser(tx, {
      ...DEMO_ACCOUNTS.admin,
      category: 'admin',
      companyName: 'Primeur Trading',
      country: 'FR',
      city: 'Rungis',
      address: '1 rue de la Tour',
      postalCode: '94150',
      vatId: 'FR56412840001',
      registrationId: '412840001',
      legalForm: 'SAS',
      shareCapital: '50000.00',
      registryCity: 'Créteil',
    });
    await createUser(tx, {
      ...DEMO_ACCOUNTS.buyer,
      category: 'client',
      companyName: 'Frischmarkt Hamburg GmbH',
      country: 'DE',
      city: 'Hamburg',
      address: 'Banksstraße 28',
      postalCode: '20097',
      vatId: 'DE123456789',
    });
    await createUser(tx, {
      ...DEMO_ACCOUNTS.supplier,
      category: 'supplier',
      companyName: 'Huerta de Almería S.L.',
      country: 'ES',
      city: 'Almería',
      address: 'Carretera de Níjar 12',
      postalCode: '04120',
      vatId: 'ESB04123456',
      globalGapNumber: '4063061234567',
    });
    // Its pallets get SSCCs (issue 37) from a prefix of GS1's range for demonstrations (952), never a real company's.
    await tx.update(users).set({ gs1CompanyPrefix: '9520123' }).where(eq(users.email, DEMO_ACCOUNTS.supplier.email));
    // Registrations awaiting the operator's validation.
    await createUser(tx, {
      email: 'pending.buyer@example.com',
      password: 'Demo-pending-1',
      category: 'client',
      companyName: 'Groente & Fruit Rotterdam B.V.',
      country: 'NL',
      city: 'Rotterdam',
      address: 'Marconistraat 16',
      postalCode: '3029 AK',
      vatId: 'NL123456789B01',
      active: false,
    });
    await createUser(tx, {
      email: 'pending.supplier@example.com',
      password: 'Demo-pending-2',
      category: 'supplier',
      companyName: 'Agrumes du Souss SARL',
      country: 'MA',
      city: 'Agadir',
      address: 'Zone industrielle Tassila',
      postalCode: '80000',
      vatId: 'MA12345678',
      active: false,
    });
    await seedBackoffice(tx);
    await seedPrices(tx);
    if (opts.dataDir) await seedListings(tx, opts.dataDir);
    await seedSupplierProducts(tx);
    await seedUncheckedProducts(tx);
    await seedClientProducts(tx);
  });
  // The trade after the sale goes through the services, each step in its own transaction, as in the app.
  if (opts.trade) await opts.trade(db, { dataDir: opts.dataDir, claimWindowMs: opts.claimWindowMs });
  if (opts.activity) await opts.activity(db);
  return true;
}
