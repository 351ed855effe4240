#!/usr/bin/env node
// `npm test`: every check of the repository, in four independent phases run side by side:
//   checks  typecheck + lint (eslint, import cycles, formatting, migrations in step with the schema)
//   unit    Vitest: web components, shared, contract, and the server suite on PGlite (whole without
//           TEST_POSTGRES_URL; with it, the files of EMBEDDED_SUITE below)
//   pg      the whole server suite on real PostgreSQL — only when TEST_POSTGRES_URL is set
//   e2e     Playwright in Chromium against the built app: the user flows (every spec but the sweep)
//   sweep   Playwright: every page at every width for every role, with axe (ux-pages.spec.ts), against
//           a second app on its own port and database, so the two browser runs overlap
//   (e2e and sweep first wait for one shared build: Chromium check, `npm run build` and the web's
//   download budget, scripts/check-web-budget.mjs)
// The phases share nothing on disk but the migrated test template, which is written atomically,
// so they can overlap: on a two-core machine the long phases (unit, pg, e2e) wait on I/O and on
// each other's idle moments rather than one after the other. Each line of output is prefixed with
// its phase; the durations and the total are printed at the end.
//
//   node scripts/test.mjs                 all phases, side by side
//   node scripts/test.mjs unit e2e        only these
//   TEST_SEQUENTIAL=1 node scripts/test.mjs   one after the other (readable logs, less memory)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
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

const PHASES = {
  checks: { command: 'npm run typecheck && npm run lint' },
  unit: {
    command: pgUrl
      ? `npx vitest run --project web --project shared --project contract && npx vitest run --project server ${EMBEDDED_SUITE.join(' ')}`
      : 'npx vitest run',
  },
  pg: {
    // Two workers: the pass waits far more than it computes (servers restarting, PostgreSQL cut off,
    // soft-close clocks: a quarter of a core on average), and on one worker it was the last phase to end
    // by minutes. The EN 16931 rules are compiled in the background meanwhile (decision 951).
    command: '{ npx tsx apps/server/test/en16931/compile-rules.ts & } ; npx vitest run --project server --maxWorkers=2; __pg=$?; wait; (exit $__pg)',
    env: { TEST_DATABASE_URL: pgUrl },
    skip: pgUrl ? undefined : 'TEST_POSTGRES_URL is not set',
  },
  e2e: { needs: 'build', command: 'npx playwright test -c apps/web/playwright.config.ts', env: { E2E_PART: 'flows' } },
  sweep: {
    needs: 'build',
    command: 'npx playwright test -c apps/web/playwright.config.ts',
    // Its own app (ports 3240-3244) and data folder: nothing shared with the flows' app on 3210.
    // With PostgreSQL reachable its app runs there, on a fresh database (decision 950): the sweep reads
    // pages, it does not test the embedded database, and its app then costs a third of the CPU.
    env: { E2E_PART: 'sweep', E2E_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 30), ...(pgUrl ? { E2E_POSTGRES_URL: pgUrl } : {}) },
  },
};

/** Steps some phases need first, run once however many phases wait on them. */
const NEEDS = { build: 'node scripts/ensure-chromium.mjs && npm run build && node scripts/check-web-budget.mjs' };
const needed = new Map();

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in PHASES)) {
    console.error(`unknown phase "${name}"; phases: ${Object.keys(PHASES).join(', ')}`);
    process.exit(2);
  }
}
const names = asked.length ? asked : Object.keys(PHASES);
const width = Math.max(...names.map((n) => n.length), ...Object.keys(NEEDS).map((n) => n.length));

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

function need(step) {
  if (!needed.has(step)) needed.set(step, spawnPrefixed(step, NEEDS[step], {}));
  return needed.get(step);
}

async function run(name) {
  const phase = PHASES[name];
  if (phase.skip) {
    console.log(`[${name.padEnd(width)}] skipped: ${phase.skip}`);
    return { name, status: 'skipped', seconds: 0 };
  }
  const started = performance.now();
  if (phase.needs) {
    const before = await need(phase.needs);
    if (before.status !== 'passed') return { name, status: `failed (${phase.needs})`, seconds: (performance.now() - started) / 1000 };
  }
  const { status, cpu } = await spawnPrefixed(name, phase.command, phase.env);
  // A phase's time includes its wait for the shared build: it is when the phase was done.
  return { name, status, seconds: (performance.now() - started) / 1000, cpu };
}

function format(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
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

const busyAtStart = machineBusySeconds();
const started = performance.now();
const results = [];
if (process.env.TEST_SEQUENTIAL) {
  for (const name of names) results.push(await run(name));
} else {
  results.push(...(await Promise.all(names.map(run))));
}
const total = (performance.now() - started) / 1000;

for (const r of results) {
  const kept = failures.get(r.name);
  if (r.status.startsWith('failed') && kept?.length) {
    console.log(`\n== what failed in ${r.name} (the full output is above)`);
    for (const line of kept) console.log(`  ${line}`);
  }
}
console.log('\n== test phases (wall time; CPU time of the phase itself, the shared build apart)');
for (const r of results) {
  const cpu = r.cpu === undefined ? '' : `  CPU ${format(r.cpu)}`;
  console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(16)} ${r.status === 'skipped' ? '' : format(r.seconds)}${cpu}`);
}
for (const [step, done] of needed) {
  const { status, seconds, cpu } = await done;
  console.log(`  ${step.padEnd(width)}  ${status.padEnd(16)} ${format(seconds)}${cpu === undefined ? '' : `  CPU ${format(cpu)}`}`);
}
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(16)} ${format(total)}`);
const busyAtEnd = machineBusySeconds();
if (busyAtStart !== undefined && busyAtEnd !== undefined) {
  const busy = busyAtEnd - busyAtStart;
  const cores = os.availableParallelism();
  console.log(
    `  the machine was busy for ${format(busy)} of CPU (browsers, PostgreSQL and anything else running included): ${Math.round((100 * busy) / (total * cores))} % of its ${cores} cores`,
  );
}
process.exit(results.every((r) => r.status === 'passed' || r.status === 'skipped') ? 0 : 1);
