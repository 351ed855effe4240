#!/usr/bin/env node
// `npm test`: every check of the repository, in phases run at most as many at once as the machine has
// cores (os.availableParallelism(); TEST_CONCURRENCY overrides, TEST_SEQUENTIAL=1 means one), in an
// order that puts the fast checks that fail most first, and the longest chain early (decision 963):
//   checks  typecheck + lint (eslint, import cycles, formatting, migrations in step with the schema)
//   pg      the whole server suite on real PostgreSQL — only when TEST_POSTGRES_URL is set. It starts
//           beside the checks: it and the sweep after it are one chain, the checks, unit, build and
//           flows the other, and the two chains take about as long (on two cores)
//   unit    Vitest: web components, shared, contract, and the server suite on PGlite (whole without
//           TEST_POSTGRES_URL; with it, the files of EMBEDDED_SUITE below)
//   build   Chromium check, `npm run build` and the web's download budget (scripts/check-web-budget.mjs)
//   e2e     Playwright in Chromium against the built app: the user flows (every spec but the sweep), on
//           PostgreSQL when TEST_POSTGRES_URL is set
//   sweep   Playwright: every page at every width for every role, with axe (ux-pages.spec.ts), against
//           a second app on its own port and database
// Before, all phases started at once on two cores: the machine ran at a load of 16–23 for 12–21
// minutes and every time budget inside a test was measured on a machine ten times slower than any
// real one. Each line of output is prefixed with its phase; each phase's wall time, CPU time and the
// machine's mean load while it ran are printed at the end.
//
//   node scripts/test.mjs                 all phases, bounded
//   node scripts/test.mjs unit e2e        only these (a phase's prerequisite, the build, comes along)
//   TEST_SEQUENTIAL=1 node scripts/test.mjs   one after the other
//   TEST_REPORT_DIR=dir                   also writes each runner's JSON report there (npm run test:soak)
//   TEST_SHUFFLE_SEED=n                   Vitest runs its files in an order shuffled by n (tests inside a file keep theirs)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_POSTGRES_URL;

// The PGlite pass must not pick up a TEST_DATABASE_URL left in the environment.
const { TEST_DATABASE_URL: _ignored, ...baseEnv } = process.env;

/**
 * With PostgreSQL reachable, the server suite runs whole on it (the pg phase: the production database),
 * and on the embedded database (PGlite, `npm start`'s) only the files that exercise what differs there:
 * the schema, the bid engine's SQL functions, search and paging, advisory locks
 * (one session), invoice numbering, restarts on a data folder. The end-to-end runs drive the whole app on
 * PGlite. Without PostgreSQL the unit phase runs the whole server suite on PGlite. (decision 925)
 */
const EMBEDDED_SUITE = [
  'src/db/schema.test.ts',
  'src/db/auction-phase.test.ts',
  'src/db/reference/',
  'src/trading/auctions/auctions.engine.test.ts',
  'src/trading/auctions/auctions.proxy-rule.test.ts',
  'src/trading/auctions/auctions.concurrency.test.ts',
  'src/trading/marketplace/marketplace.routes.test.ts',
  'src/trading/marketplace/lists.paging.test.ts',
  'src/jobs/runner.test.ts',
  'src/trading/invoicing/invoicing.numbering.test.ts',
  'src/plugins/app.test.ts',
  'src/restart.test.ts',
  'src/graceful-shutdown.test.ts',
];
for (const entry of EMBEDDED_SUITE) {
  if (!existsSync(path.join(root, 'apps/server', entry))) {
    console.error(`scripts/test.mjs: ${entry} (EMBEDDED_SUITE) does not exist; update the list.`);
    process.exit(2);
  }
}

const reportDir = process.env.TEST_REPORT_DIR ? path.resolve(process.env.TEST_REPORT_DIR) : undefined;
const seed = process.env.TEST_SHUFFLE_SEED;
/** Vitest's options of a run: its JSON report (for the soak's per-test table) and the shuffled order. */
const vitestOptions = (report) =>
  [
    seed ? `--sequence.shuffle.files --sequence.seed=${Number(seed)}` : '',
    reportDir ? `--reporter=default --reporter=json --outputFile.json=${path.join(reportDir, `${report}.json`)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
/** Playwright's JSON report beside its list (the file is named by PLAYWRIGHT_JSON_OUTPUT_NAME). */
const playwrightOptions = reportDir ? '--reporter=list,json' : '';
const playwrightEnv = (report) => (reportDir ? { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reportDir, `${report}.json`) } : {});

const PHASES = {
  checks: { command: 'npm run typecheck && npm run lint' },
  pg: {
    // Two workers: the pass waits far more than it computes (servers restarting, PostgreSQL cut off,
    // soft-close clocks). The EN 16931 rules are compiled in the background meanwhile (decision 951).
    command: `{ npx tsx apps/server/test/en16931/compile-rules.ts & } ; npx vitest run --project server --maxWorkers=2 ${vitestOptions('pg')}; __pg=$?; wait; (exit $__pg)`,
    env: { TEST_DATABASE_URL: pgUrl },
    skip: pgUrl ? undefined : 'TEST_POSTGRES_URL is not set',
  },
  unit: {
    command: pgUrl
      ? `npx vitest run --project web --project shared --project contract ${vitestOptions('unit-1')} && npx vitest run --project server ${vitestOptions('unit-2')} ${EMBEDDED_SUITE.join(' ')}`
      : `npx vitest run ${vitestOptions('unit')}`,
  },
  build: { command: 'node scripts/ensure-chromium.mjs && npm run build && node scripts/check-web-budget.mjs' },
  e2e: {
    needs: 'build',
    command: `npx playwright test -c apps/web/playwright.config.ts ${playwrightOptions}`,
    // With PostgreSQL reachable the flows' app runs there too (decision 1004): PGlite cost the app most
    // of its CPU, on the phase that is the run's long pole. The specs that host their own app
    // (own-server.ts: the claim, the order followed live, the proxy bids) keep the embedded database.
    env: { E2E_PART: 'flows', ...(pgUrl ? { E2E_POSTGRES_URL: pgUrl } : {}), ...playwrightEnv('e2e') },
  },
  sweep: {
    needs: 'build',
    command: `npx playwright test -c apps/web/playwright.config.ts ${playwrightOptions}`,
    // Its own app (ports 3240-3244) and data folder: nothing shared with the flows' app on 3210.
    // With PostgreSQL reachable its app runs there, on a fresh database (decision 950): the sweep reads
    // pages, it does not test the embedded database, and its app then costs a third of the CPU.
    env: {
      E2E_PART: 'sweep',
      E2E_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 30),
      ...(pgUrl ? { E2E_POSTGRES_URL: pgUrl } : {}),
      ...playwrightEnv('sweep'),
    },
  },
};

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in PHASES)) {
    console.error(`unknown phase "${name}"; phases: ${Object.keys(PHASES).join(', ')}`);
    process.exit(2);
  }
}
// A phase asked for brings its prerequisite (the build) along, placed before it.
const names = Object.keys(PHASES).filter((name) => !asked.length || asked.includes(name) || asked.some((a) => PHASES[a].needs === name));
const width = Math.max(...names.map((n) => n.length));
const concurrency = process.env.TEST_SEQUENTIAL ? 1 : Math.max(1, Number(process.env.TEST_CONCURRENCY) || os.availableParallelism());

// The lines that name a failure (Vitest's FAIL and ×, Playwright's ✘ and numbered failures, the
// assertion's message), kept per phase and printed again after the timings: a CI log is often read
// from its end only, and the end must say which test failed and why.
const FAILURE_LINE =
  /(^\s*(FAIL|×|✘|✗)\s)|(^\s*\d+\) .+›)|(^\s*(AssertionError|Error|TypeError|TimeoutError|expect\())|(Test timed out)|(Unhandled (Rejection|Error))/;
const failures = new Map();

function keepFailure(name, line) {
  // eslint-disable-next-line no-control-regex -- the escape starts the colour codes to remove
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
  if (!FAILURE_LINE.test(plain)) return;
  const kept = failures.get(name) ?? [];
  if (kept.length < 40) kept.push(plain.trimEnd().slice(0, 300));
  failures.set(name, kept);
}

/** Streams a child's output line by line, each line prefixed with the phase name. */
function prefixed(stream, name, out) {
  let rest = '';
  stream.setEncoding('utf8');
  const write = (line) => {
    out.write(`[${name.padEnd(width)}] ${line}\n`);
    keepFailure(name, line);
  };
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) write(line);
  });
  stream.on('end', () => {
    if (rest) write(rest);
  });
}

/**
 * Runs one shell command, its output prefixed with `label`; resolves to its status, duration and the CPU
 * seconds its processes used (the shell's `times`, written to a fourth descriptor). On a two-core
 * machine the phases share the CPU, so a phase's CPU time, not its wall time, says what it costs.
 */
function spawnPrefixed(label, command, env) {
  const started = performance.now();
  console.log(`[${label.padEnd(width)}] $ ${command}`);
  return new Promise((resolve) => {
    const child = spawn(`${command}\n__status=$?; times >&3; exit $__status`, {
      cwd: root,
      shell: true,
      env: { ...baseEnv, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    let times = '';
    child.stdio[3].setEncoding('utf8');
    child.stdio[3].on('data', (chunk) => (times += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      // `times` prints the shell's user and system time, then its children's: the last two figures.
      const figures = [...times.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
      const cpu = figures.length >= 4 ? figures[2] + figures[3] : undefined;
      console.log(`[${label.padEnd(width)}] ${status} in ${format(seconds)}${cpu === undefined ? '' : `, CPU ${format(cpu)}`}`);
      resolve({ status, seconds, cpu });
    });
  });
}

function format(seconds) {
  // Rounded once, to whole seconds: 899.6 s is 15m00s, never 14m60s.
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole - m * 60;
  return m ? `${m}m${String(s).padStart(2, '0')}s` : `${s}s`;
}

/**
 * The whole machine's busy CPU seconds so far (Linux, /proc/stat), or undefined elsewhere. A phase's own
 * figure misses what its processes do not wait for: Chromium's renderers are reaped by no one in the
 * phase, and PostgreSQL is a service. The machine's figure counts everything (decision 947).
 */
function machineBusySeconds() {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return undefined;
  }
}

/** The machine's load, sampled every 5 s while phases run: each phase reports the mean of its own samples. */
const loadSamples = [];
const sampleLoad = () => loadSamples.push({ at: performance.now(), load: os.loadavg()[0] });
const loadOf = (from, to) => {
  const inside = loadSamples.filter((x) => x.at >= from && x.at <= to).map((x) => x.load);
  return inside.length ? inside.reduce((a, b) => a + b, 0) / inside.length : undefined;
};

async function runPhase(name) {
  const phase = PHASES[name];
  const started = performance.now();
  console.log(`[${name.padEnd(width)}] starts; load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
  const { status, cpu } = await spawnPrefixed(name, phase.command, phase.env);
  const ended = performance.now();
  return { name, status, seconds: (ended - started) / 1000, cpu, load: loadOf(started, ended) };
}

/**
 * Runs the phases in their order, at most `concurrency` at once; a phase that needs another (the
 * browser runs need the build) waits for it and is skipped as failed when it failed.
 */
async function schedule() {
  const results = new Map();
  const pending = [...names];
  const running = new Map();
  for (const name of names) {
    if (PHASES[name].skip) {
      console.log(`[${name.padEnd(width)}] skipped: ${PHASES[name].skip}`);
      results.set(name, { name, status: 'skipped', seconds: 0 });
      pending.splice(pending.indexOf(name), 1);
    }
  }
  while (pending.length || running.size) {
    let started = false;
    for (const name of [...pending]) {
      if (running.size >= concurrency) break;
      const need = PHASES[name].needs;
      const before = need && names.includes(need) ? results.get(need) : { status: 'passed' };
      if (!before) continue; // its prerequisite has not ended yet
      pending.splice(pending.indexOf(name), 1);
      if (before.status !== 'passed' && before.status !== 'skipped') {
        console.log(`[${name.padEnd(width)}] not run: ${need} ${before.status}`);
        results.set(name, { name, status: `failed (${need})`, seconds: 0 });
        started = true;
        continue;
      }
      running.set(
        name,
        runPhase(name).then((r) => {
          results.set(name, r);
          running.delete(name);
        }),
      );
      started = true;
    }
    if (!started || running.size >= concurrency || pending.length === 0) {
      if (running.size) await Promise.race(running.values());
      else if (pending.length && !started) throw new Error(`phases that can never start: ${pending.join(', ')}`);
    }
  }
  return names.map((n) => results.get(n));
}

const busyAtStart = machineBusySeconds();
const started = performance.now();
sampleLoad();
const sampler = setInterval(sampleLoad, 5000);
console.log(`== ${names.length} phases, at most ${concurrency} at once (${os.availableParallelism()} cores), in this order: ${names.join(', ')}`);
const results = await schedule();
clearInterval(sampler);
const total = (performance.now() - started) / 1000;

for (const r of results) {
  const kept = failures.get(r.name);
  if (r.status.startsWith('failed') && kept?.length) {
    console.log(`\n== what failed in ${r.name} (the full output is above)`);
    for (const line of kept) console.log(`  ${line}`);
  }
}
console.log(
  `\n== test phases, at most ${concurrency} at once (wall time; CPU time of the phase's own processes; the machine's mean load average while it ran)`,
);
for (const r of results) {
  const cpu = r.cpu === undefined ? '' : `  CPU ${format(r.cpu).padStart(6)}`;
  const load = r.load === undefined ? '' : `  load ${r.load.toFixed(1)}`;
  console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(16)} ${r.status === 'skipped' ? '' : format(r.seconds).padStart(6)}${cpu}${load}`);
}
const overall = loadOf(0, Infinity);
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(16)} ${format(total).padStart(6)}${overall === undefined ? '' : `  mean load ${overall.toFixed(1)}`}`);
const busyAtEnd = machineBusySeconds();
if (busyAtStart !== undefined && busyAtEnd !== undefined) {
  const busy = busyAtEnd - busyAtStart;
  const cores = os.availableParallelism();
  console.log(
    `  the machine was busy for ${format(busy)} of CPU (browsers, PostgreSQL and anything else running included): ${Math.round((100 * busy) / (total * cores))} % of its ${cores} cores`,
  );
}
process.exit(results.every((r) => r.status === 'passed' || r.status === 'skipped') ? 0 : 1);
