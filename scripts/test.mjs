#!/usr/bin/env node
// `npm test`: every check of the repository, in four independent phases run side by side:
//   checks  typecheck + lint (eslint, import cycles, formatting, migrations in step with the schema)
//   unit    Vitest: server integration on PGlite, web components, shared, contract
//   pg      the server suite again on real PostgreSQL — only when TEST_POSTGRES_URL is set
//   e2e     build, the web's download budget (scripts/check-web-budget.mjs), then Playwright in Chromium
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
  e2e: {
    command: 'node scripts/ensure-chromium.mjs && npm run build && node scripts/check-web-budget.mjs && npx playwright test -c apps/web/playwright.config.ts',
  },
};

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in PHASES)) {
    console.error(`unknown phase "${name}"; phases: ${Object.keys(PHASES).join(', ')}`);
    process.exit(2);
  }
}
const names = asked.length ? asked : Object.keys(PHASES);
const width = Math.max(...names.map((n) => n.length));

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

function run(name) {
  const phase = PHASES[name];
  if (phase.skip) {
    console.log(`[${name.padEnd(width)}] skipped: ${phase.skip}`);
    return Promise.resolve({ name, status: 'skipped', seconds: 0 });
  }
  const started = performance.now();
  console.log(`[${name.padEnd(width)}] $ ${phase.command}`);
  return new Promise((resolve) => {
    const child = spawn(phase.command, {
      cwd: root,
      shell: true,
      env: { ...baseEnv, ...phase.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(child.stdout, name, process.stdout);
    prefixed(child.stderr, name, process.stderr);
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      console.log(`[${name.padEnd(width)}] ${status} in ${format(seconds)}`);
      resolve({ name, status, seconds });
    });
  });
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
