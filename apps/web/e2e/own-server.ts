import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/env.js';
import { openDatabase, type Database } from '../../server/src/db/client.js';
import { createUser } from '../../server/src/db/factories.js';
import { createAuction } from '../../server/src/db/factories/listings.js';
import { syncReferenceData } from '../../server/src/db/reference/sync.js';

/**
 * The real app (the same buildApp as server.ts: routes, live channel, jobs, the built web app) hosted
 * in the test process on its own port and its own embedded database, for a spec that must change
 * what no API may change — such as bringing an auction's end within the soft-close window
 * (decision 611). Everything the browser does still goes over HTTP and WebSocket.
 */
export interface OwnServer {
  url: string;
  database: Database;
  /** A signed-up, active company that can sign in with `password`. */
  company(category: 'client' | 'supplier', companyName: string): Promise<{ id: number; email: string; password: string; companyName: string }>;
  /** An auction lot of `supplierId`, open for an hour already, starting at `price` €/kg. */
  auction(supplierId: number, price: number, name: string): Promise<{ id: number; name: string }>;
  /** Moves the lot's current end to `ms` from now (the database clock), as time passing would. */
  endIn(productId: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startOwnServer(port: number): Promise<OwnServer> {
  const database = await openDatabase({});
  await database.migrate();
  await syncReferenceData(database.db);
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Upstream services point at a closed loopback port: nothing leaves the machine.
      WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
      RATE_LIMIT_FACTOR: '1000',
      WS_MAX_CONNECTIONS_PER_IP: '10000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      // Alerts every second: the bell follows an outbid quickly.
      ALERTS_INTERVAL_MS: '1000',
    }),
  };
  const app = await buildApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  let n = 0;
  return {
    url: `http://localhost:${port}`,
    database,
    async company(category, companyName) {
      const password = 'E2e-Passw0rd-long';
      const email = `${category}-${Date.now()}-${++n}@example.test`;
      const user = await createUser(database.db, { category, companyName, email, password });
      return { id: user.id, email: user.email, password, companyName };
    },
    async auction(supplierId, price, name) {
      const lot = await createAuction(database.db, { supplierId, price, name, quantity: 6 });
      return { id: lot.id, name: lot.name };
    },
    async endIn(productId, ms) {
      await database.db.execute(sql`update products set ends_at = now() + make_interval(secs => ${ms / 1000}) where id = ${productId}`);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
