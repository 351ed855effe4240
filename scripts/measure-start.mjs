#!/usr/bin/env node
/**
 * Measures `npm start` as a user runs it: time from the command to a ready server
 * (`GET /api/health/ready` answers 200), for a first start on an empty embedded database and for
 * the starts after it, and the time a SIGTERM takes to stop it. Uses its own port and data folder.
 *
 *   node scripts/measure-start.mjs              # 1 first start + 3 second starts
 *   node scripts/measure-start.mjs --runs 5     # 5 second starts
 *   MEASURE_PORT=4399 node scripts/measure-start.mjs
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const { fetch, AbortSignal } = globalThis;

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA_DIR = path.join(ROOT, '.tmp', 'measure-start', 'data');
const READY_TIMEOUT_MS = 600_000;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '3'));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** One `npm start`: ms to ready, then SIGTERM and ms to exit. */
async function startOnce(port, label) {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: '',
      REDIS_URL: '',
      // info: the start-up line with its parts (load, database, app); request lines are ignored.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => (done = true));
  while (!(await ready(port))) {
    if (done) throw new Error(`${label}: npm start exited before it was ready:\n${output}`);
    if (performance.now() - t0 > READY_TIMEOUT_MS) throw new Error(`${label}: not ready within ${READY_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - t0;
  const t1 = performance.now();
  // As a process manager or `docker stop` would: SIGTERM to the command it started (npm passes it on).
  child.kill('SIGTERM');
  const { code, signal } = await exited;
  const stopMs = performance.now() - t1;
  const build = /build: [^\n]*/g;
  const parts = [...(output.match(build) ?? [])];
  const running = output.split('\n').find((l) => l.includes('"Primeur is running"'));
  if (running) {
    const r = JSON.parse(running);
    parts.push(`server: listening ${r.startupMs} ms after its process started (code ${r.loadMs}, database ${r.databaseMs}, app ${r.appMs})`);
  }
  const notes = parts.join('; ');
  console.log(
    `${label}: ready in ${(readyMs / 1000).toFixed(2)} s; SIGTERM → exit ${code ?? signal} in ${(stopMs / 1000).toFixed(2)} s${notes ? ` (${notes})` : ''}`,
  );
  return { readyMs, stopMs, code };
}

const port = Number(process.env.MEASURE_PORT ?? (await freePort()));
console.log(`measure-start: npm start on port ${port}, data in ${path.relative(ROOT, DATA_DIR)}`);
if (!process.argv.includes('--keep-data')) rmSync(DATA_DIR, { recursive: true, force: true });
await startOnce(port, 'first start (empty database: migrate, seed)');
const seconds = [];
for (let i = 1; i <= RUNS; i++) seconds.push(await startOnce(port, `second start #${i}`));
const sorted = seconds.map((s) => s.readyMs).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `measure-start: second start to healthy: median ${(median / 1000).toFixed(2)} s, best ${(sorted[0] / 1000).toFixed(2)} s, worst ${(sorted.at(-1) / 1000).toFixed(2)} s over ${RUNS} starts (load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
);
if (seconds.some((s) => s.code !== 0)) {
  console.error('measure-start: a SIGTERM did not end with exit code 0');
  process.exit(1);
}
