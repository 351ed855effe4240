import type { AppConfig } from '../config/env.js';
import { openDatabase, type Database } from './client.js';
import { syncReferenceData } from './reference/sync.js';
import { seedDemo, type DemoSeedOptions } from './seed/demo.js';

/** Opens the configured database, applies migrations and reference data, and seeds demo data when asked. */
export async function prepareDatabase(
  config: AppConfig,
  log: (msg: string) => void = () => {},
  demo: Pick<DemoSeedOptions, 'trade' | 'activity'> = {},
): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  await database.migrate();
  await syncReferenceData(database.db);
  if (config.seedDemo) {
    const seeded = await seedDemo(database.db, { dataDir: config.dataDir, claimWindowMs: config.orders.claimWindowMs, ...demo });
    if (seeded) log('demo data seeded');
  }
  return database;
}
