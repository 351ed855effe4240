import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { chromiumLaunchOptions } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** A fake Open-Meteo on loopback: the run never depends on the internet. */
const WEATHER_PORT = PORT + 1;
const root = path.resolve(import.meta.dirname, '../..');
// One data folder per port, so runs on other ports (E2E_PORT) never wipe each other's database.
const dataDir = path.join(root, '.tmp', `e2e-data-${PORT}`);
/**
 * With `E2E_POSTGRES_URL` (a PostgreSQL server's address), the app runs on a fresh database there,
 * `primeur_e2e_<port>`, instead of its embedded one: `npm test` gives it to both runs when PostgreSQL
 * is reachable, whose app then costs a third of the CPU (decisions 950, 1004). The specs that host an
 * app of their own (own-server.ts) run it on the embedded database.
 */
const POSTGRES = process.env.E2E_POSTGRES_URL;
const database = POSTGRES ? Object.assign(new URL(POSTGRES), { pathname: `/primeur_e2e_${PORT}` }).toString() : undefined;

/** End-to-end tests drive the real built app (server + web + embedded database with demo data) in system Chromium. */
/**
 * `E2E_PART` splits the run in two that `npm test` starts side by side, each with its own app:
 * `sweep` is the every-page sweep (ux-pages.spec.ts), `flows` every other spec; unset, everything.
 */
const PART = process.env.E2E_PART;
const SWEEP = /ux-pages\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  ...(PART === 'sweep' ? { testMatch: SWEEP } : PART === 'flows' ? { testIgnore: SWEEP } : {}),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ceilings for a stuck test and a stuck expectation, not waits: the longest flows (a supplier
  // configured from creation to deletion) take 30 s on a quiet machine, passed 60 s while CI ran five
  // phases on two cores (decision 925), and 120 s on a slower machine at load 15, where a back-office
  // page's first heading also took more than 10 s to appear (decision 945).
  timeout: 300_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: path.join(root, '.tmp', `e2e-results-${PORT}`),
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The trace keeps the DOM snapshot of every action, not a screencast: the screencast's frames were
    // a third of the browser's CPU (decision 946); the failure's own screenshot is still taken. No trace
    // in CI, where nobody opens it: the log has the error and the page's accessibility snapshot, and the
    // snapshots cost a tenth of the browser's CPU (decision 948).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: [
    {
      command: `npx tsx apps/web/e2e/fake-open-meteo.ts ${WEATHER_PORT}`,
      cwd: root,
      url: `http://127.0.0.1:${WEATHER_PORT}/v1/forecast?latitude=1&longitude=1`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `${POSTGRES ? `node scripts/fresh-database.mjs "${POSTGRES}" primeur_e2e_${PORT} && ` : ''}rm -rf "${dataDir}" && npx tsx apps/server/src/server.ts`,
      cwd: root,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      // A cold start migrates and seeds the embedded database: slow on a busy machine, so wait up to 5 min.
      timeout: 300_000,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database } : {}),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        // One instance: no Redis bus even when CI exports REDIS_URL for the server tests.
        REDIS_URL: '',
        WEATHER_API_URL: `http://127.0.0.1:${WEATHER_PORT}/v1/forecast`,
        // The WhatsApp webhook is on for the specs that post signed messages (e2e/unchecked-products.spec.ts).
        WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
        WHATSAPP_APP_SECRET: 'e2e-app-secret',
        // Every spec signs in and posts from one address: request limits are raised out of reach.
        RATE_LIMIT_FACTOR: '1000',
        WS_MAX_CONNECTIONS_PER_IP: '10000',
        LOGIN_MAX_FAILURES_PER_IP: '10000',
      },
    },
  ],
});
