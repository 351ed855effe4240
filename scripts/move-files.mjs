#!/usr/bin/env node
// Moves server files or folders and rewrites every relative import that reaches them, and every
// relative import inside them (issue 33 §1, decision 1000: the folders that layer).
//
//   node scripts/move-files.mjs <from> <to> [<from> <to> …]   git mv each pair, then rewrite
//
// Paths are repository-relative; a folder moves whole (its files keep their names below it). Imports
// are rewritten in TypeScript and JavaScript sources, the lint fixtures and vi.mock / import() calls
// (`.js` specifiers of `.ts` files, as the server writes them); paths written out in the docs and in
// comments (`apps/server/src/x/y.ts`, `src/x/y.ts`) are rewritten too. Afterwards: npm run typecheck &&
// npm run lint.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
  console.error('usage: node scripts/move-files.mjs <from> <to> [<from> <to> …]');
  process.exit(2);
}
const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' });

/** Every tracked file, repository-relative. */
const tracked = git('ls-files').split('\n').filter(Boolean);

/** Old file → new file, for every file a pair moves. */
const moved = new Map();
for (let i = 0; i < args.length; i += 2) {
  const from = path.normalize(args[i]).replace(/\/$/, '');
  const to = path.normalize(args[i + 1]).replace(/\/$/, '');
  const files = tracked.filter((f) => f === from || f.startsWith(`${from}/`));
  if (files.length === 0) throw new Error(`nothing tracked at ${from}`);
  for (const f of files) moved.set(f, f === from ? to : `${to}${f.slice(from.length)}`);
}
const newPath = (f) => moved.get(f) ?? f;

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$|\.ts\.fixture$/;
const SPEC =
  /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bmock\(\s*|\bdoMock\(\s*|\bdoUnmock\(\s*|\brequire\(\s*|\bimportOriginal<typeof import\(\s*)(['"])(\.\.?\/[^'"\n]+)\2/g;

/** The tracked file a relative specifier written in `file` names (`.js` standing for `.ts`), if any. */
function target(file, spec) {
  const base = path.normalize(path.join(path.dirname(file), spec));
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => trackedSet.has(c));
}
const trackedSet = new Set(tracked);

/** The specifier from `fromFile` (new place) to `toFile` (new place), in the style of `spec`. */
function rewrite(spec, oldTarget, fromFile) {
  const newTarget = newPath(oldTarget);
  let rel = path.relative(path.dirname(newPath(fromFile)), newTarget);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  // Keep how the specifier named the file: .js for a .ts, no extension, or the folder's index.
  if (spec.endsWith('.js') && oldTarget.endsWith('.ts')) rel = rel.replace(/\.ts$/, '.js');
  else if (spec.endsWith('.js') && oldTarget.endsWith('.tsx')) rel = rel.replace(/\.tsx$/, '.js');
  else if (!/\.[a-z]+$/.test(spec) && oldTarget.endsWith('/index.ts')) rel = path.dirname(rel);
  else if (!/\.[a-z]+$/.test(spec)) rel = rel.replace(/\.tsx?$/, '');
  return rel;
}

const changed = new Set();
const contents = new Map();
for (const file of tracked) {
  if (!SOURCE.test(file) || file.startsWith('node_modules/')) continue;
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const next = text.replace(SPEC, (all, lead, quote, spec) => {
    const t = target(file, spec);
    if (!t) return all;
    if (!moved.has(t) && !moved.has(file)) return all;
    const out = rewrite(spec, t, file);
    return out === spec ? all : `${lead}${quote}${out}${quote}`;
  });
  if (next !== text) {
    contents.set(file, next);
    changed.add(file);
  }
}

// Paths written out in prose and comments (`apps/server/src/x/y.ts`, `src/x/y.ts`): the longest
// first, so that a folder does not shadow its files.
const pairs = [];
for (let i = 0; i < args.length; i += 2) pairs.push([path.normalize(args[i]).replace(/\/$/, ''), path.normalize(args[i + 1]).replace(/\/$/, '')]);
const written = [...moved.entries(), ...pairs]
  .flatMap(([from, to]) => [
    [from, to],
    [from.replace(/^apps\/server\//, ''), to.replace(/^apps\/server\//, '')],
  ])
  .filter(([from]) => from.includes('/'))
  .sort((a, b) => b[0].length - a[0].length);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PROSE = /\.(md|ts|tsx|mjs|js|json|yml|yaml)$/;
for (const file of tracked) {
  if (!PROSE.test(file) || file === 'package-lock.json') continue;
  let text = contents.get(file) ?? fs.readFileSync(path.join(root, file), 'utf8');
  const before = text;
  for (const [from, to] of written) text = text.replace(new RegExp(`(?<![\\w/.-])${escape(from)}(?=[/\\s\`'")\\].,:;#]|$)`, 'gm'), to);
  if (text !== before) {
    contents.set(file, text);
    changed.add(file);
  }
}

for (const [from, to] of moved) {
  fs.mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
  git('mv', from, to);
}
for (const [file, text] of contents) fs.writeFileSync(path.join(root, newPath(file)), text);
console.log(`moved ${moved.size} files; rewrote ${changed.size} files`);
