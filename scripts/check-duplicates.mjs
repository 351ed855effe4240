#!/usr/bin/env node
// Duplicated code must not grow (issue 20). Counts the pairs of places that `duplicates` (a developer
// tool, not installed on CI) finds in the whole tree and that it does not mark as boilerplate, and
// compares the count with the baseline in scripts/duplicates-baseline.txt.
//
//   npm run lint:duplicates             fails when there are more pairs than the baseline
//   npm run lint:duplicates -- --update writes the current count as the new baseline (after a clean-up)
//
// Not part of `npm run lint`: CI does not have the tool. Where it is missing this says so and exits 0.
// To see what your own change repeated: `duplicates --change`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const baselineFile = path.join(root, 'scripts/duplicates-baseline.txt');

let out;
try {
  out = execFileSync('duplicates', ['--repo', root, '--most', '1', '--seconds', '180'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
} catch (err) {
  if (err.code === 'ENOENT') {
    console.log('check-duplicates: the `duplicates` tool is not on this machine; nothing checked.');
    process.exit(0);
  }
  throw err;
}
if (/^incomplete:/m.test(out)) {
  console.error(`check-duplicates: the count is incomplete, try again on a quieter machine:\n${out}`);
  process.exit(1);
}
// "279 pairs of places (722 files read), … (239 by shape alone, 201 of those marked boilerplate)"
const head = out.split('\n')[0];
const pairs = /^(\d+) pairs? of places/.exec(head)?.[1];
const boilerplate = /(\d+) of those marked boilerplate/.exec(head)?.[1] ?? '0';
if (pairs === undefined && !/^no duplicates/.test(head)) {
  console.error(`check-duplicates: cannot read the count in: ${head}`);
  process.exit(1);
}
const count = Number(pairs ?? 0) - Number(boilerplate);
const baseline = Number(readFileSync(baselineFile, 'utf8').trim());

if (process.argv.includes('--update')) {
  writeFileSync(baselineFile, `${count}\n`);
  console.log(`check-duplicates: baseline ${baseline} → ${count}.`);
} else if (count > baseline) {
  console.error(`check-duplicates: ${count} duplicate pairs (not boilerplate), more than the baseline ${baseline}.`);
  console.error('See what your change repeated with `duplicates --change --base main`, and share the code instead.');
  process.exit(1);
} else {
  const lower = count < baseline ? ` Lower than the baseline ${baseline}: \`npm run lint:duplicates -- --update\` to keep it.` : '';
  console.log(`check-duplicates: ${count} duplicate pairs (not boilerplate), baseline ${baseline}.${lower}`);
}
