import { loadConfig } from './config/env.js';
import { prepareDatabase } from './db/bootstrap.js';
import { buildApp } from './app.js';

const started = performance.now();
const config = loadConfig();
const database = await prepareDatabase(config, (m) => console.log(m));
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
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
  { url: `http://localhost:${config.port}`, database: database.kind, startupMs: Math.round(performance.now() - started) },
  'Primeur is running',
);
