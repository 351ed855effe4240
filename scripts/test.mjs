#!/usr/bin/env node
// `npm test`: every check of the repository, in four independent phases run side by side:
//   checks  typecheck + lint (eslint, import cycles, formatting, migrations in step with the schema)
//   unit    Vitest: server integration on PGlite, web components, shared, contract
//   pg      the server suite again on real PostgreSQL — only when TEST_POSTGRES_URL is set
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
import { performance } from 'node:perf_hooks';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_POSTGRES_URL;

// The PGlite pass must not pick up a TEST_DATABASE_URL left in the environment.
const { TEST_DATABASE_URL: _ignored, ...baseEnv } = process.env;

const PHASES = {
  checks: { command: 'npm run typecheck && npm run lint' },
  unit: { command: 'npx vitest run' },
  pg: {
    command: 'npx vitest run --project server',
    env: { TEST_DATABASE_URL: pgUrl },
    skip: pgUrl ? undefined : 'TEST_POSTGRES_URL is not set',
  },
  e2e: { needs: 'build', command: 'npx playwright test -c apps/web/playwright.config.ts', env: { E2E_PART: 'flows' } },
  sweep: {
    needs: 'build',
    command: 'npx playwright test -c apps/web/playwright.config.ts',
    // Its own app (ports 3240-3244) and data folder: nothing shared with the flows' app on 3210.
    env: { E2E_PART: 'sweep', E2E_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 30) },
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

/** Streams a child's output line by line, each line prefixed with the phase name. */
function prefixed(stream, name, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${name.padEnd(width)}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${name.padEnd(width)}] ${rest}\n`);
  });
}

/** Runs one shell command, its output prefixed with `label`; resolves to its status and duration. */
function spawnPrefixed(label, command, env) {
  const started = performance.now();
  console.log(`[${label.padEnd(width)}] $ ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      env: { ...baseEnv, ...env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(child.stdout, label, process.stdout);
    prefixed(child.stderr, label, process.stderr);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`[${label.padEnd(width)}] ${status} in ${format(seconds)}`);
      resolve({ status, seconds });
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
  const { status } = await spawnPrefixed(name, phase.command, phase.env);
  // A phase's time includes its wait for the shared build: it is when the phase was done.
  return { name, status, seconds: (performance.now() - started) / 1000 };
}

function format(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds - m * 60);
  return m ? `${m}m${String(s).padStart(2, '0')}s` : `${s}s`;
}

const started = performance.now();
const results = [];
if (process.env.TEST_SEQUENTIAL) {
  for (const name of names) results.push(await run(name));
} else {
  results.push(...(await Promise.all(names.map(run))));
}
const total = (performance.now() - started) / 1000;

console.log('\n== test phases');
for (const r of results) console.log(`  ${r.name.padEnd(width)}  ${r.status.padEnd(16)} ${r.status === 'skipped' ? '' : format(r.seconds)}`);
console.log(`  ${'total'.padEnd(width)}  ${''.padEnd(16)} ${format(total)}`);
process.exit(results.every((r) => r.status === 'passed' || r.status === 'skipped') ? 0 : 1);
