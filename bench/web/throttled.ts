/**
 * bench/web throttled run (issue 24): the built app in Chromium on a slow network and a slow CPU, per
 * route, first visit (empty cache) and repeat visit (same browser, cache warm), with an unthrottled
 * baseline in the same run. Prints, from the navigation's start:
 * - frame: first contentful paint (the header and the page's skeleton, decision 842);
 * - content: the page's own heading shown (its code, catalogs and data arrived);
 * - idle: no HTTP request for 500 ms (Playwright's networkidle; the live WebSocket does not count);
 * - kB: bytes received (as transferred, compressed), from the DevTools protocol.
 *
 * Starts the compiled server (scripts/build.mjs; built if its sources changed) on its own embedded
 * database with the demo data, on BENCH_WEB_PORT (default 3310).
 *
 *   npm run bench:web                      # sizes, then this run
 *   BENCH_THROTTLED=0 npm run bench:web    # sizes only
 *   BENCH_NETWORK=400,400 BENCH_CPU=4      # kbit/s (both ways), RTT ms; CPU slow-down factor
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildChanged, SERVER_ENTRY } from '../../scripts/build.mjs';
import { chromiumLaunchOptions } from '../../apps/web/e2e/chromium';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3310);
const BASE = `http://127.0.0.1:${PORT}`;
const [KBITS, RTT] = (process.env.BENCH_NETWORK ?? '400,400').split(',').map(Number) as [number, number];
const CPU = Number(process.env.BENCH_CPU ?? 4);
const BUYER = { email: 'buyer@example.com', password: 'Demo-buyer-1' };
const TIMEOUT_MS = 120_000;

interface Profile {
  name: string;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  cpu?: number;
}
const PROFILES: Profile[] = [
  { name: 'baseline (no throttling)' },
  {
    name: `throttled (${KBITS} kbit/s, ${RTT} ms RTT, CPU ×${CPU})`,
    network: { latency: RTT, downloadThroughput: (KBITS * 1000) / 8, uploadThroughput: (KBITS * 1000) / 8 },
    cpu: CPU,
  },
];

interface Route {
  label: string;
  path: string;
  signedIn: boolean;
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
      WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
      PRICE_SOURCES: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitReady() {
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 600_000) throw new Error('the server was not ready within 10 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signInCookie(): Promise<string> {
  const res = await fetch(`${BASE}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUYER) });
  if (res.status !== 200) throw new Error(`demo buyer sign-in: ${res.status} ${await res.text()}`);
  const set = res.headers.getSetCookie().find((c) => c.startsWith('primeur_sid='));
  if (!set) throw new Error('no session cookie');
  return set.split(';')[0]!.split('=').slice(1).join('=');
}

async function someAuctionId(cookie: string): Promise<number> {
  const res = await fetch(`${BASE}/api/users/product/listActiveAuctionsWithBiggestOffer?page=1&size=1`, { headers: { cookie: `primeur_sid=${cookie}` } });
  const body = (await res.json()) as { items?: Array<{ product?: { productId?: number } }> };
  const id = body.items?.[0]?.product?.productId;
  if (!id) throw new Error(`no active auction in the demo data: ${JSON.stringify(body).slice(0, 300)}`);
  return id;
}

interface Visit {
  frame: number;
  content: number;
  idle: number;
  kB: number;
}

async function visit(page: Page, url: string, received: { bytes: number }): Promise<Visit> {
  received.bytes = 0;
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  const content = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
  // networkidle fires after 500 quiet ms: the idle moment is when the quiet began.
  const idle = (await page.evaluate(() => performance.now())) - 500;
  const frame = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (entry) return resolve(entry.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true });
      }),
  );
  return { frame, content, idle: Math.max(idle, content), kB: received.bytes / 1000 };
}

async function measureRoute(browser: Browser, profile: Profile, route: Route, cookie: string) {
  const context: BrowserContext = await browser.newContext({ locale: 'en-GB' });
  if (route.signedIn) await context.addCookies([{ name: 'primeur_sid', value: cookie, url: BASE }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const received = { bytes: 0 };
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (received.bytes += e.encodedDataLength));
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const url = `${BASE}${route.path}${route.path.includes('?') ? '&' : '?'}lng=en`;
  const first = await visit(page, url, received);
  await page.goto('about:blank');
  const repeat = await visit(page, url, received);
  await context.close();
  return { first, repeat };
}

export async function throttledRun() {
  console.log(`\nThrottled run: Chromium, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; server on ${BASE}`);
  await buildChanged(['web', 'server'], { log: (m) => console.log(m) });
  const dataDir = path.join(root, '.tmp', `bench-web-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server = startServer(dataDir);
  let browser: Browser | undefined;
  try {
    await waitReady();
    const cookie = await signInCookie();
    const auctionId = await someAuctionId(cookie);
    const routes: Route[] = [
      { label: '/', path: '/', signedIn: false },
      { label: '/user/register', path: '/user/register', signedIn: false },
      { label: '/marketplace', path: '/marketplace', signedIn: true },
      { label: '/encheres/details/{id}', path: `/encheres/details/${auctionId}`, signedIn: true },
    ];
    browser = await chromium.launch(chromiumLaunchOptions());
    const rows: string[][] = [['profile', 'route', 'visit', 'frame (FCP)', 'content', 'idle', 'received']];
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    for (const profile of PROFILES) {
      for (const route of routes) {
        const { first, repeat } = await measureRoute(browser, profile, route, cookie);
        for (const [name, v] of [
          ['first', first],
          ['repeat', repeat],
        ] as const) {
          rows.push([profile.name, route.label, name, s(v.frame), s(v.content), s(v.idle), `${v.kB.toFixed(1)} kB`]);
          console.log(`  ${profile.name} ${route.label} ${name}: frame ${s(v.frame)}, content ${s(v.content)}, idle ${s(v.idle)}, ${v.kB.toFixed(1)} kB`);
        }
      }
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log('');
    for (const r of rows) console.log(r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
    console.log(`\n(goals, issue 24: frame ≤ 3 s on a first visit and ≤ 1 s on a repeat visit, throttled; load average now ${os.loadavg()[0]!.toFixed(1)})`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
