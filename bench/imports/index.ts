/**
 * bench/imports — a hostile CSV import (decision 1013): 10⁶ short rows ("x;y", 5 MB, within the upload
 * limit) posted over loopback to the app on embedded PGlite, the way an admin's browser sends it. The
 * reader used to parse the whole file before the 10 000-row limit applied (34 s and +2 GB of heap in
 * the test, every other request waiting); it now stops at row 10 001. Printed, per round and as
 * medians: how long until the 413, `/api/health` latencies measured meanwhile (a probe every 10 ms
 * from this process, which shares the server's event loop: a frozen loop shows in full), beside the
 * same probe on the idle app, and the growth of heap and RSS. For comparison, a legitimate file at the
 * limit (10 000 valid rows) is previewed the same way. The tests assert the behaviour (413, the
 * concurrent request answered first, nothing stored); the figures live here (decision 963).
 *
 *   npm run bench:import
 *   BENCH_ROUNDS=5 npm run bench:import
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { IMPORT_MAX_ROWS } from '@primeur/shared';
import { createSupplier } from '../../apps/server/src/db/factories/backoffice.js';
import { multipart } from '../../apps/server/test/multipart.js';
import { ms, pgliteAppAsAdmin, summary } from '../lib.js';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PROBE_EVERY_MS = 10;
const HEADER = 'supplier;article;origin;packaging;box;caliber;quality_class;weight_piece;nb_piece;price_kg;price_colis;price_piece;volume;start_date;end_date';

const { database, app, cookie } = await pgliteAppAsAdmin();
await createSupplier(database.db, { company: 'Bench Import SL' });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

function request(method: 'GET' | 'POST', path: string, body?: { payload: Buffer; headers: Record<string, string> }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers = body ? { ...body.headers, cookie, 'content-length': String(body.payload.length) } : {};
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body?.payload);
  });
}

/** /api/health latencies, one probe every PROBE_EVERY_MS, until `done()`. */
async function probe(done: () => boolean) {
  const lat: number[] = [];
  while (!done()) {
    const t = performance.now();
    const r = await request('GET', '/api/health');
    if (r.status !== 200) throw new Error(`health ${r.status}`);
    lat.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  return lat;
}

const upload = (csv: string, step: 'preview' | 'commit') => {
  const body = multipart({}, [{ field: 'file', filename: 'prices.csv', content: Buffer.from(csv, 'utf8'), contentType: 'text/csv' }]);
  return { step, body };
};

const hostile = upload(`${HEADER}\r\n${'x;y\r\n'.repeat(1_000_000)}`, 'commit');
// Distinct rows (one caliber each), as a real price list at the limit.
const validRow = (i: number) => `Bench Import SL;TOM01;ES;ifco;;c${i};I;;1;2,4;;;3;2026-12-01;2026-12-07`;
const atLimit = upload(`${HEADER}\r\n${Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => validRow(i)).join('\r\n')}\r\n`, 'preview');

async function measure(what: string, u: ReturnType<typeof upload>, expected: number) {
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  let peakHeap = heap0;
  let peakRss = rss0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 5);
  let done = false;
  const during = probe(() => done);
  const t = performance.now();
  const res = await request('POST', `/api/admin/import/supplier-prices/${u.step}`, u.body);
  const took = performance.now() - t;
  done = true;
  const lat = summary(await during);
  clearInterval(timer);
  if (res.status !== expected) throw new Error(`${what}: ${res.status} ${res.body.slice(0, 300)}`);
  return { took, lat, heap: (peakHeap - heap0) / 1e6, rss: (peakRss - rss0) / 1e6, size: u.body.payload.length };
}

console.log(`bench:import — load average ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} round(s); app on embedded PGlite, loopback HTTP`);
let idleDone = false;
setTimeout(() => (idleDone = true), 1500);
const idle = summary(await probe(() => idleDone));
console.log(`idle /api/health: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}, worst ${ms(idle.max)} (${idle.n} probes)`);

const rows: Array<{ what: string; took: number[]; p50: number[]; worst: number[]; probes: number[]; heap: number[]; rss: number[] }> = [];
for (const [what, u, expected] of [
  ['10⁶ short rows, 5.0 MB → 413', hostile, 413],
  [`${IMPORT_MAX_ROWS} valid rows, preview → 200`, atLimit, 200],
] as const) {
  const row = { what, took: [] as number[], p50: [] as number[], worst: [] as number[], probes: [] as number[], heap: [] as number[], rss: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    const r = await measure(what, u, expected);
    row.took.push(r.took);
    row.p50.push(r.lat.p50);
    row.worst.push(r.lat.max);
    row.probes.push(r.lat.n);
    row.heap.push(r.heap);
    row.rss.push(r.rss);
    console.log(
      `  round ${i + 1}: ${what} (${(r.size / 1e6).toFixed(1)} MB) answered in ${ms(r.took)}; /api/health meanwhile p50 ${ms(r.lat.p50)}, ` +
        `worst ${ms(r.lat.max)} (${r.lat.n} probes); heap +${r.heap.toFixed(0)} MB, RSS +${r.rss.toFixed(0)} MB`,
    );
  }
  rows.push(row);
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
console.log('\n| upload | answered in | /api/health meanwhile p50 / worst | heap / RSS growth |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.what} | ${ms(median(r.took))} | ${ms(median(r.p50))} / ${ms(median(r.worst))} (${median(r.probes)} probes) | +${median(r.heap).toFixed(0)} / +${median(r.rss).toFixed(0)} MB |`,
  );
}
console.log(`| idle app (baseline) | — | ${ms(idle.p50)} / ${ms(idle.max)} | — |`);
console.log(`load average at the end: ${loadavg()[0]!.toFixed(1)}`);

await app.close();
await database.close();
