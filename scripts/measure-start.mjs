#!/usr/bin/env node
/**
 * Measures `npm start` as a user runs it: time from the command to a ready server
 * (`GET /api/health/ready` answers 200), for a first start on an empty embedded database and for
 * the starts after it, and the time a SIGTERM takes to stop it. Uses its own port and data folder.
 *
 *   node scripts/measure-start.mjs              # 1 first start + 3 second starts
 *   node scripts/measure-start.mjs --runs 5     # 5 second starts
 *   MEASURE_PORT=4399 node scripts/measure-start.mjs
 *   node scripts/measure-start.mjs --load 3     # with 3 busy processes as load (a test suite's CPU)
 *   node scripts/measure-start.mjs --server apps/server/.tmp/server.js --server apps/server/dist/server.js
 *                                               # A/B: each bundle started by node, alternating, same load
 *
 * Each line gives the wall time to ready, the CPU the server used until then (every thread, from
 * /proc or its own start-up line) and the parts it logs (code, database, app).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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
const LOAD = Number(arg('--load', '0'));
/** Bundles to compare (`--server` repeated); none: `npm start`. */
const SERVERS = process.argv.flatMap((a, i) => (a === '--server' ? [path.resolve(process.argv[i + 1])] : []));

/** CPU seconds (user + system, all threads) a process has used, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

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

/** One `npm start` (or `node <server>`): ms to ready, then SIGTERM and ms to exit. */
async function startOnce(port, label, server) {
  const t0 = performance.now();
  const child = spawn(server ? process.execPath : 'npm', server ? ['--enable-source-maps', server] : ['start'], {
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
  // npm start: the server is npm's child; its start-up line carries its own CPU figure.
  const cpu = server ? cpuSeconds(child.pid) : undefined;
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
    parts.push(
      `server: listening ${r.startupMs} ms after its process started (code ${r.loadMs}, database ${r.databaseMs}${r.appCodeMs !== undefined ? ` with the app's code loading meanwhile ${r.appCodeMs}` : ''}, app ${r.appMs})`,
    );
    if (r.cpuMs !== undefined) parts.push(`${(r.cpuMs / 1000).toFixed(2)} s CPU to listening`);
  }
  if (cpu !== undefined) parts.push(`${cpu.toFixed(2)} s CPU to ready`);
  const notes = parts.join('; ');
  console.log(
    `${label}: ready in ${(readyMs / 1000).toFixed(2)} s; SIGTERM → exit ${code ?? signal} in ${(stopMs / 1000).toFixed(2)} s${notes ? ` (${notes})` : ''}`,
  );
  return { readyMs, stopMs, code };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const port = Number(process.env.MEASURE_PORT ?? (await freePort()));
// The load: busy processes, as a test suite keeps the cores busy; ended at exit.
const burners = Array.from({ length: LOAD }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
const stopLoad = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stopLoad);
if (LOAD) await new Promise((r) => setTimeout(r, 3000)); // the load average rises

console.log(
  `measure-start: ${SERVERS.length ? SERVERS.map((s) => path.relative(ROOT, s)).join(' vs ') : 'npm start'} on port ${port}, data in ${path.relative(ROOT, DATA_DIR)}${LOAD ? `, ${LOAD} busy processes as load` : ''}`,
);
if (!process.argv.includes('--keep-data')) rmSync(DATA_DIR, { recursive: true, force: true });
const keep = process.argv.includes('--keep-data');
await startOnce(port, keep ? 'first start (the kept database)' : 'first start (empty database: migrate, seed)', SERVERS[0]);
const results = new Map((SERVERS.length ? SERVERS : [undefined]).map((s) => [s, []]));
for (let i = 1; i <= RUNS; i++)
  // Alternating the bundles: each sees the same load.
  for (const [server, runs] of results) runs.push(await startOnce(port, `second start #${i}${server ? ` ${path.relative(ROOT, server)}` : ''}`, server));
const loadAverage = (await import('node:os')).loadavg()[0].toFixed(1);
for (const [server, runs] of results) {
  const ms = runs.map((s) => s.readyMs);
  console.log(
    `measure-start: ${server ? `${path.relative(ROOT, server)}: ` : ''}second start to healthy: median ${(median(ms) / 1000).toFixed(2)} s, best ${(Math.min(...ms) / 1000).toFixed(2)} s, worst ${(Math.max(...ms) / 1000).toFixed(2)} s over ${RUNS} starts (load average ${loadAverage})`,
  );
}
stopLoad();
if ([...results.values()].flat().some((s) => s.code !== 0)) {
  console.error('measure-start: a SIGTERM did not end with exit code 0');
  process.exit(1);
}
