#!/usr/bin/env node
// `npm run test:soak -- [--runs N] [--load K] [--out FILE] [--keep]`: flakiness measured, not guessed.
// Clones the committed HEAD beside the repository (so `../shared` resolves as in CI), installs it once
// as CI does, then runs the whole suite (`scripts/test.mjs`, the README's test command) N times
// (default 3), each with another shuffled order of the Vitest files and tests, optionally with K busy
// processes beside it (one CPU each, as another engineer's suite would be). Prints, and writes to
// --out as Markdown, each run's result and time and, per test, how often it passed and failed across
// the runs; exits 1 when any test failed in any run. TEST_POSTGRES_URL, REDIS_URL and BUS_SECRET are
// passed through (set them as .ci/run does to include the PostgreSQL pass).
import { spawn, spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    load: { type: 'string', default: '0' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const load = Number(values.load);
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs: a whole number from 1 to 50');
if (!Number.isInteger(load) || load < 0 || load > 16) throw new Error('--load: a whole number from 0 to 16');

// The clone stands beside the repository, as CI's does, so that its `../shared` is the same folder.
const work = path.join(path.dirname(root), `primeur-soak-${process.pid}`);
const clone = work;
const reports = path.join(work, '.tmp', 'soak-reports');
// Rounded once, to whole seconds: 899.6 s is 15m00s, never 14m60s.
const format = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};

function sh(command, cwd, env = {}) {
  const r = spawnSync(command, { cwd, shell: true, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${command}: exit ${r.status}`);
}

/** One run of the README's test command in the clone; its output goes to a log file, its status is returned. */
function runSuite(i, seed) {
  const dir = path.join(reports, `run-${i}`);
  mkdirSync(dir, { recursive: true });
  const log = path.join(reports, `run-${i}.log`);
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(`node scripts/test.mjs > "${log}" 2>&1`, {
      cwd: clone,
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, CI: 'true', TEST_REPORT_DIR: dir, TEST_SHUFFLE_SEED: String(seed) },
    });
    child.on('close', (code) => resolve({ i, seed, code, seconds: (performance.now() - started) / 1000, log, dir }));
  });
}

/** Every test of a Vitest or Playwright JSON report, as [name, passed]. */
function testsOf(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  if (Array.isArray(report.testResults)) {
    for (const f of report.testResults) {
      const rel = path.relative(clone, f.name);
      for (const t of f.assertionResults ?? []) {
        if (t.status === 'skipped' || t.status === 'pending' || t.status === 'todo') continue;
        out.push([`${rel} › ${t.fullName}`, t.status === 'passed']);
      }
      // A file that failed before its tests ran (an import, a hook) counts as one failed test.
      if ((f.assertionResults ?? []).length === 0 && f.status === 'failed') out.push([`${rel} › (the file)`, false]);
    }
  } else if (Array.isArray(report.suites)) {
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const statuses = (t.results ?? []).map((r) => r.status);
          if (statuses.length === 0 || statuses.every((s) => s === 'skipped')) continue;
          out.push([`${spec.file ?? suite.file} › ${[...trail, spec.title].join(' › ')}`, statuses.every((s) => s === 'passed')]);
        }
      }
      for (const inner of suite.suites ?? []) walk(inner, [...trail, inner.title]);
    };
    for (const s of report.suites) walk(s, []);
  }
  return out;
}

const busy = [];
let exitCode = 0;
try {
  rmSync(work, { recursive: true, force: true });
  console.log(`== soak: ${runs} runs of the whole suite, ${load} busy process(es) beside it, on a clean clone of HEAD in ${clone}`);
  sh(`git clone --quiet "${root}" "${clone}"`, path.dirname(root));
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).stdout.trim();
  // As .ci/run: npm ci, or npm install on this npm's known refusal of the lock file's optional packages.
  sh('npm ci --no-audit --no-fund --loglevel=error || { rm -rf node_modules && npm install --no-audit --no-fund --loglevel=error; }', clone);
  for (let k = 0; k < load; k++) {
    busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  }

  const results = [];
  for (let i = 1; i <= runs; i++) {
    const seed = randomInt(1, 2 ** 31 - 1);
    console.log(`== run ${i}/${runs} (shuffle seed ${seed}, load average ${os.loadavg()[0].toFixed(1)})`);
    const r = await runSuite(i, seed);
    const tail = readFileSync(r.log, 'utf8').split('\n');
    const phases = tail.slice(tail.findIndex((l) => l.startsWith('== test phases'))).filter(Boolean);
    console.log(`   ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${format(r.seconds)}; log ${r.log}`);
    for (const line of phases) console.log(`   ${line}`);
    results.push(r);
  }

  // Per test, across the runs.
  const table = new Map();
  for (const r of results) {
    if (!existsSync(r.dir)) continue;
    for (const f of readdirSync(r.dir).filter((n) => n.endsWith('.json'))) {
      for (const [name, passed] of testsOf(path.join(r.dir, f))) {
        const row = table.get(name) ?? { passed: 0, failed: 0 };
        if (passed) row.passed++;
        else row.failed++;
        table.set(name, row);
      }
    }
  }
  const failing = [...table].filter(([, v]) => v.failed > 0).sort((a, b) => b[1].failed - a[1].failed);
  const failedRuns = results.filter((r) => r.code !== 0).length;
  const lines = [
    `# Soak: ${runs} runs of \`npm test\` on a clean clone of ${head}, ${load} busy process(es) beside it`,
    '',
    `${os.availableParallelism()} cores; run on ${new Date().toISOString().slice(0, 16)}Z. Vitest files in a shuffled order per run (tests keep their order inside a file; Playwright its file order).`,
    '',
    '| run | shuffle seed | result | time |',
    '| --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.i} | ${r.seed} | ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`} | ${format(r.seconds)} |`),
    '',
    `${table.size} tests seen; ${failing.length} failed at least once; runs failed: ${failedRuns} of ${runs}.`,
    '',
    ...(failing.length
      ? ['| test | passed | failed |', '| --- | --- | --- |', ...failing.map(([n, v]) => `| ${n.replace(/\|/g, '\\|')} | ${v.passed} | ${v.failed} |`)]
      : ['No test failed in any run.']),
    '',
  ];
  console.log(`\n${lines.join('\n')}`);
  if (values.out) writeFileSync(path.resolve(values.out), lines.join('\n'));
  if (failedRuns || failing.length) exitCode = 1;
  if (table.size === 0) {
    console.log('no test report was read: the runs wrote none');
    exitCode = 1;
  }
} finally {
  for (const b of busy) b.kill();
  if (!values.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
process.exit(exitCode);
