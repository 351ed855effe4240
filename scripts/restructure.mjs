#!/usr/bin/env node
// Folders that tell the business (issue 20, decision 896): moves the server's modules from
// apps/server/src/modules/<module> into business folders (apps/server/src/<domain>/<module>), folds
// suppliers/ into companies/, moves the web's auctions list page into its feature, and rewrites
// every relative import, lint fixture and path written in docs and code to match.
//
// Re-runnable: run it again after merging branches that still add or change files under the old
// folders. Files already moved are left alone; new files in an old folder follow it; a merged file
// that git already carried to its new folder, but whose imports still reach the old neighbours, gets
// its imports fixed too. A module folder that is in no domain stops the run before anything moves:
// add it to DOMAINS below (and, for a new domain, to SERVER_DOMAINS in eslint.config.js).
//
//   node scripts/restructure.mjs           move and rewrite, then prettier on what changed
//   node scripts/restructure.mjs --check   exit 1 if anything is left to do (changes nothing)
//
// Afterwards: npm run typecheck && npm run lint.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

/** Business folder → its modules. */
const DOMAINS = {
  // products, product-links and catalog moved again with the layers (decision 1000); home joined
  // trading with the data wall (decision 1005): its pages show the trade's lots, bids and requests.
  trading: ['auctions', 'marketplace', 'orders', 'claims', 'invoicing', 'requests', 'alerts', 'products', 'home'],
  companies: ['companies', 'contacts', 'users', 'auth', 'product-links', 'api-tokens'],
  pricing: ['prices', 'supplier-products', 'client-products', 'unchecked-products'],
  // The operator's tools across the records: bulk actions, CSV in and out, the history of changes.
  backoffice: ['bulk', 'data-exchange', 'activity'],
  platform: ['health', 'location', 'weather', 'catalog'],
};
/** Modules whose files join another module's folder. */
const FOLD = { suppliers: 'companies' };

const SERVER_SRC = 'apps/server/src';
const OLD_MODULES = `${SERVER_SRC}/modules`;
/** Single web files (path without extension; the file, its test and any .x siblings follow). */
const WEB_MOVES = [['apps/web/src/pages/AuctionListPage', 'apps/web/src/features/auctions/components/AuctionListPage']];

const domainOf = new Map(Object.entries(DOMAINS).flatMap(([d, ms]) => ms.map((m) => [m, d])));
/** Old module name → its new folder (repository-relative). */
function moduleDest(m) {
  const target = FOLD[m] ?? m;
  const d = domainOf.get(target);
  return d ? `${SERVER_SRC}/${d}/${target}` : null;
}

const SPEC = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bmock\(\s*|\brequire\(\s*)(['"])(\.\.?\/[^'"\n]+)\2/g;
const moduleNames = [...domainOf.keys(), ...Object.keys(FOLD)].sort((a, b) => b.length - a.length);
const PATH_TEXT = new RegExp(String.raw`(?<![\w@.-])((?:apps/server/)?(?:src/)?)modules/(${moduleNames.join('|')})(?=[/\s\x60'")\].,:;#]|$)`, 'g');
const WEB_TEXT = WEB_MOVES.map(([from, to]) => [
  new RegExp(String.raw`(?<![\w@.-])((?:apps/web/)?(?:src/)?)${from.replace(/^apps\/web\/src\//, '')}(?=[.\s\x60'")\]]|$)`, 'g'),
  to.replace(/^apps\/web\/src\//, ''),
]);

const abs = (p) => path.join(root, p);
const exists = (p) => fs.existsSync(abs(p));

/** Where an old-world path is now (identity for paths that do not move). */
function forward(p) {
  if (p === OLD_MODULES || p.startsWith(`${OLD_MODULES}/`)) {
    const rest = p.slice(OLD_MODULES.length + 1);
    const [m, ...tail] = rest.split('/');
    const dest = m ? moduleDest(m) : null;
    if (dest) return [dest, ...tail].join('/');
    return p;
  }
  for (const [from, to] of WEB_MOVES) {
    if (p === from || p.startsWith(`${from}.`)) return to + p.slice(from.length);
  }
  return p;
}

/** The old-world places a moved path may have come from (for merged files whose imports are old). */
function backward(p) {
  const out = [];
  for (const m of [...domainOf.keys(), ...Object.keys(FOLD)]) {
    const dest = moduleDest(m);
    if (dest && (p === dest || p.startsWith(`${dest}/`))) out.push(`${OLD_MODULES}/${m}${p.slice(dest.length)}`);
  }
  for (const [from, to] of WEB_MOVES) {
    if (p === to || p.startsWith(`${to}.`)) out.push(from + p.slice(to.length));
  }
  return out;
}

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: 'pipe' });
}

function walk(dir) {
  const out = [];
  for (const e of fs.readdirSync(abs(dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

// ---- 1. what moves ------------------------------------------------------------------------------

const moves = []; // [from, to]
if (exists(OLD_MODULES)) {
  const unmapped = fs
    .readdirSync(abs(OLD_MODULES), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !moduleDest(e.name))
    .map((e) => e.name);
  if (unmapped.length) {
    console.error(`restructure: no business folder for ${unmapped.join(', ')}: add them to DOMAINS in scripts/restructure.mjs.`);
    process.exit(2);
  }
  for (const f of walk(OLD_MODULES)) moves.push([f, forward(f)]);
}
for (const [from] of WEB_MOVES) {
  const dir = path.posix.dirname(from);
  if (!exists(dir)) continue;
  for (const name of fs.readdirSync(abs(dir))) {
    const f = `${dir}/${name}`;
    if (forward(f) !== f) moves.push([f, forward(f)]);
  }
}
for (const [from, to] of moves) {
  if (exists(to) && fs.readFileSync(abs(to), 'utf8') !== fs.readFileSync(abs(from), 'utf8')) {
    console.error(`restructure: ${from} would replace a different ${to}; merge them by hand first.`);
    process.exit(2);
  }
}

// ---- 2. the files whose imports and paths are rewritten -------------------------------------------

const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ts\.fixture)$/;
const listed = git('ls-files', '-co', '--exclude-standard')
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !f.includes('node_modules/') && !f.includes('/dist/') && !f.endsWith('package-lock.json'))
  // The script and its decision record name the old folders on purpose.
  .filter((f) => !f.startsWith('apps/server/drizzle/') && f !== 'scripts/restructure.mjs' && !f.startsWith('docs/decisions/896-'));
const movedFrom = new Map(moves.map(([from, to]) => [to, from]));
const files = [...new Set(listed.map((f) => forward(f)))];

if (check) {
  let pending = moves.length;
  if (pending) console.error(`restructure: ${moves.length} files still to move (first: ${moves[0][0]}).`);
  for (const f of files.filter((x) => exists(x))) {
    const text = fs.readFileSync(abs(f), 'utf8');
    if (rewrite(f, f, text) !== text) {
      console.error(`restructure: ${f} has imports or paths to rewrite.`);
      pending++;
    }
  }
  if (!pending) console.log('restructure: every module is in its business folder; nothing to rewrite.');
  process.exit(pending ? 1 : 0);
}

// ---- 3. move -------------------------------------------------------------------------------------

for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(abs(to)), { recursive: true });
  if (exists(to)) {
    fs.rmSync(abs(from)); // the same file already there (a merge carried it): drop the copy
    continue;
  }
  try {
    git('mv', from, to);
  } catch {
    fs.renameSync(abs(from), abs(to)); // not tracked yet
  }
}
for (const dir of [OLD_MODULES, ...WEB_MOVES.map(([f]) => path.posix.dirname(f))]) removeEmptyDirs(dir);

function removeEmptyDirs(dir) {
  if (!exists(dir) || !fs.statSync(abs(dir)).isDirectory()) return;
  for (const e of fs.readdirSync(abs(dir))) removeEmptyDirs(`${dir}/${e}`);
  if (fs.readdirSync(abs(dir)).length === 0) fs.rmdirSync(abs(dir));
}

// ---- 4. rewrite ----------------------------------------------------------------------------------

/** A module path exists as written, or as the TypeScript file behind a .js specifier, or as a folder index. */
function resolves(p) {
  const candidates = [
    p,
    p.replace(/\.js$/, '.ts'),
    p.replace(/\.js$/, '.tsx'),
    p.replace(/\.mjs$/, '.mts'),
    `${p}.ts`,
    `${p}.tsx`,
    `${p}/index.ts`,
    `${p}/index.tsx`,
  ];
  return candidates.some((c) => exists(c) && fs.statSync(abs(c)).isFile());
}

function relativeSpec(fromFile, target) {
  let r = path.posix.relative(path.posix.dirname(fromFile), target);
  if (!r.startsWith('.')) r = `./${r}`;
  return r;
}

/**
 * Rewrites one file's relative imports and written paths. `pre` is where the file stood before the
 * move, `cur` where it stands now. A lint fixture is read as if it stood at its `// lint-as:` path.
 */
function rewrite(cur, pre, text) {
  let out = text;
  let here = cur;
  let before = pre;
  const fixture = cur.endsWith('.ts.fixture');
  if (fixture) {
    const as = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
    if (!as) return text;
    before = as;
    here = forward(as);
    if (here !== as) out = out.replace(`// lint-as: ${as}`, `// lint-as: ${here}`);
  }
  if (CODE.test(cur) || fixture) {
    out = out.replace(SPEC, (whole, lead, q, spec) => {
      const bases = [before, ...(fixture ? [] : backward(here))];
      for (const base of bases) {
        const old = path.posix.normalize(path.posix.join(path.posix.dirname(base), spec));
        const target = forward(old);
        // Neither end moved: the import stays as written (a fixture's odd path is its point).
        if (base === here && target === old && resolves(target)) return whole;
        // A fixture breaks a wall on purpose: its target need not exist.
        if (fixture || resolves(target)) {
          const next = relativeSpec(here, target);
          return next === spec ? whole : `${lead}${q}${next}${q}`;
        }
      }
      return whole;
    });
  }
  out = out.replace(PATH_TEXT, (whole, prefix, m) => `${prefix}${moduleDest(m).slice(SERVER_SRC.length + 1)}`);
  for (const [re, to] of WEB_TEXT) out = out.replace(re, (whole, prefix) => `${prefix}${to}`);
  return out;
}

const changed = [];
for (const f of files) {
  if (!exists(f)) continue;
  const text = fs.readFileSync(abs(f), 'utf8');
  const next = rewrite(f, movedFrom.get(f) ?? f, text);
  if (next !== text) {
    fs.writeFileSync(abs(f), next);
    changed.push(f);
  }
}

const pretty = [...new Set([...changed, ...moves.map(([, to]) => to)])].filter((f) => exists(f) && /\.(ts|tsx|mjs|js|json)$/.test(f));
if (pretty.length) execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', ...pretty], { cwd: root, stdio: 'inherit' });
console.log(
  `restructure: ${moves.length} files moved, ${changed.length} files rewritten.${moves.length + changed.length ? ' Now: npm run typecheck && npm run lint.' : ''}`,
);
