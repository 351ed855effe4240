import { loadConfig } from './config/env.js';
import { prepareDatabase } from './db/bootstrap.js';
import { createEventBus } from './realtime/create-event-bus.js';

// performance.now() counts from the process start: this is the time spent loading the code the
// database needs (the app's own modules load below, while the database opens — decision 920).
const loadedMs = performance.now();
const config = loadConfig();
const lap = (from: number) => Math.round(performance.now() - from);
// The database (open, migrate, reference data) and the bus connect at the same time, and the app's
// modules (Fastify, every route) load meanwhile: PGlite reads and compiles its WebAssembly off the
// main thread. Redis when REDIS_URL is set, so ended sessions and notifications reach every instance.
// The demo trade and edits (and the services they go through) load only when a fresh database is seeded.
const seedTrade = async (...args: Parameters<typeof import('./demo-trade.js').seedTrade>) => (await import('./demo-trade.js')).seedTrade(...args);
const seedActivity = async (...args: Parameters<typeof import('./demo-activity.js').seedActivity>) =>
  (await import('./demo-activity.js')).seedActivity(...args);
const starting = Promise.all([
  (async (t = performance.now()) => ({
    database: await prepareDatabase(config, (m) => console.log(m), { trade: seedTrade, activity: seedActivity }),
    databaseMs: lap(t),
  }))(),
  (async (t = performance.now()) => ({ ...(await createEventBus(config, (err) => console.error('event bus:', err.message))), busMs: lap(t) }))(),
]);
// Not left unhandled while the app's modules load; awaited (and thrown) just below.
starting.catch(() => undefined);
const codeStarted = performance.now();
const { buildApp } = await import('./app.js');
const appCodeMs = lap(codeStarted);
const [{ database, databaseMs }, { bus, kind: busKind, busMs }] = await starting;
const appStarted = performance.now();
// The jobs' first runs wait until the server answers (below): they would otherwise share PGlite's
// one connection, and the CPU, with the readiness probe and the first pages.
const app = await buildApp({ config, database, bus, startJobs: false });

// A stray rejection (a background task whose error nobody awaited) is logged, never fatal: one bad
// promise must not take every user's session and live feed down with it (decision 520).
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

/** Requests in flight get this long to finish after SIGTERM; then their connections are cut. */
const DRAIN_MS = 10_000;
/** Beyond this the process exits anyway (code 1): a stop must never hang a deployment. */
const HARD_STOP_MS = 15_000;

let closing = false;
/** The timer of the jobs' first runs (set once listening). */
const jobsStart: { timer?: NodeJS.Timeout } = {};
/**
 * Graceful stop (decision 620): the listening socket closes at once (the load balancer sends new
 * connections elsewhere); requests in flight — bids included — run to their commit and get their
 * answer, each on a connection closed after it; live sockets get a STOMP ERROR "Server restarting"
 * and close 1001 (the web client reconnects and refetches); jobs finish their run and stop; then the
 * bus and the database pool close and the process exits 0.
 */
async function shutdown(signal: string) {
  if (closing) {
    // A second Ctrl-C: the operator does not want to wait.
    app.log.warn({ signal }, 'second stop signal: exiting now');
    process.exit(1);
  }
  closing = true;
  clearTimeout(jobsStart.timer);
  const t0 = performance.now();
  app.log.info({ signal }, 'stopping: no new connections, requests in flight finish');
  const hard = setTimeout(() => {
    app.log.error({ ms: HARD_STOP_MS }, 'stop took too long: exiting');
    process.exit(1);
  }, HARD_STOP_MS).unref();
  const drain = setTimeout(() => {
    app.log.warn({ ms: DRAIN_MS }, 'requests still running after the drain period: closing their connections');
    app.server.closeAllConnections();
  }, DRAIN_MS).unref();
  // Connections idle between two requests are closed as soon as they are idle (Node closes only
  // those idle at the moment of close()); a request in flight keeps its connection to its answer.
  const reap = setInterval(() => app.server.closeIdleConnections(), 100).unref();
  let code = 0;
  try {
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'error while stopping the server');
    code = 1;
  }
  clearTimeout(drain);
  clearTimeout(jobsStart.timer);
  clearInterval(reap);
  await bus.close().catch((err: unknown) => app.log.error({ err }, 'error while closing the event bus'));
  try {
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'error while closing the database');
    code = 1;
  }
  clearTimeout(hard);
  app.log.info({ ms: Math.round(performance.now() - t0) }, 'stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // Port taken, address not available: say so and let go of the database (PGlite locks its folder).
  app.log.fatal({ err, port: config.port, host: config.host }, 'cannot listen');
  app.server.on('error', () => undefined); // the same error, emitted again by the closing server
  await app.close().catch(() => undefined);
  await bus.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(1);
}
/** The jobs' first runs (auction closer, alerts, orders, invoicing…) this long after listening. */
const JOBS_FIRST_RUN_DELAY_MS = 1_000;
jobsStart.timer = setTimeout(() => {
  if (!closing) app.jobs.start();
}, JOBS_FIRST_RUN_DELAY_MS);
const cpu = process.cpuUsage();
app.log.info(
  {
    url: `http://localhost:${config.port}`,
    database: database.kind,
    bus: busKind,
    // From the process start to listening, and its parts (README "Figures", decision 620).
    startupMs: Math.round(performance.now()),
    loadMs: Math.round(loadedMs),
    // The app's modules, loaded while the database opened (within databaseMs when it took longer).
    appCodeMs,
    databaseMs,
    busMs,
    appMs: lap(appStarted),
    // CPU (every thread, user + system) from the process start to listening.
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  },
  'Primeur is running',
);
