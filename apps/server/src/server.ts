import { loadConfig } from './config/env.js';
import { prepareDatabase } from './db/bootstrap.js';
import { buildApp } from './app.js';
import { createEventBus } from './realtime/create-event-bus.js';

const started = performance.now();
const config = loadConfig();
const database = await prepareDatabase(config, (m) => console.log(m));
// Redis when REDIS_URL is set, so live offers reach the watchers of every instance.
const { bus, kind: busKind } = await createEventBus(config, (err) => console.error('event bus:', err.message));
const app = await buildApp({ config, database, bus });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await bus.close();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: `http://localhost:${config.port}`, database: database.kind, bus: busKind, startupMs: Math.round(performance.now() - started) },
  'Primeur is running',
);
