/**
 * bench/web — what each role's first page downloads: builds the web app (unless BENCH_NO_BUILD=1),
 * then, from Vite's manifest, follows the chunks a route loads before it can show anything (the entry
 * and its static imports, the shown language's core catalogs, the rest of its catalogs unless the
 * page renders on the core alone, the page's chunk and its static imports, the header menus for a
 * signed-in user) and prints their JS and CSS sizes raw, gzip (level 9) and brotli (quality 11) —
 * the files the server sends (bench/README.md).
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const LANGUAGE = process.env.BENCH_LANGUAGE ?? 'en';

if (process.env.BENCH_NO_BUILD !== '1') {
  console.log('building apps/web …');
  try {
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    console.error(String(e.stdout ?? ''), String(e.stderr ?? ''));
    throw err;
  }
}

interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error(`no manifest at ${manifestFile}: build with build.manifest (vite.config.ts)`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  into.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const byPattern = (re: RegExp) => Object.keys(manifest).filter((k) => re.test(k));

// Route → page module, read from the router (the pages are split by React.lazy there).
const routerSource = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
const pageOf = new Map<string, string>();
// The router names most paths from the route map (lib/routes.ts: paths.x, routePatterns.x), as
// scripts/check-web-budget.mjs reads them.
const routeMap = readFileSync(path.join(web, 'src/lib/routes.ts'), 'utf8');
const named = new Map<string, string>();
for (const [, object, body] of routeMap.matchAll(/export const (paths|routePatterns) = \{([\s\S]*?)\n\} as const;/g)) {
  for (const [, key, value] of body!.matchAll(/^\s*(\w+): '([^']+)',/gm)) named.set(`${object}.${key}`, value!);
}
for (const m of routerSource.matchAll(/path: (?:'([^']+)'|((?:paths|routePatterns)\.\w+)),\s*\.\.\.lazyPage\(\(\) => import\('([^']+)'\)/g)) {
  const route = m[1] ?? named.get(m[2]!);
  if (!route) throw new Error(`route ${m[2]} is not in the route map (lib/routes.ts)`);
  const file = path.relative(web, path.resolve(web, 'src/app', m[3]!));
  // By source path; a page merged into a shared chunk has no source entry, only the chunk's name.
  const key =
    byPattern(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.tsx?$`))[0] ??
    Object.keys(manifest).find((k) => manifest[k]!.name === path.basename(file) && manifest[k]!.isDynamicEntry);
  if (key) pageOf.set(route, key);
}
// vite.config.ts manualChunks: the core catalogs the first render waits for, and the rest, which a
// signed-in user's first render waits for too (lib/session.tsx) and a page's own namespace suspends it on.
const coreKeys = Object.keys(manifest).filter((k) => manifest[k]!.name === `i18n-${LANGUAGE}`);
const restKeys = Object.keys(manifest).filter((k) => manifest[k]!.name === `i18n-${LANGUAGE}-rest`);
if (coreKeys.length === 0 || restKeys.length === 0) throw new Error(`no core or rest catalog chunk for ${LANGUAGE}`);
const menuKeys = byPattern(/react-bootstrap\/esm\/NavDropdown\.js$/);

interface Visit {
  role: string;
  route: string;
  signedIn: boolean;
  /** The page renders on the core catalogs alone (only namespaces of CORE_NAMESPACES, lib/i18n-core.ts). */
  coreCatalogsOnly?: boolean;
  /** kB gzip of JS, with its baseline (issue 15) */
  goal?: number;
  baseline?: string;
}
const VISITS: Visit[] = [
  { role: 'visitor', route: '/', signedIn: false, coreCatalogsOnly: true, goal: 170, baseline: '890 kB raw, ≈ 290 kB gzip' },
  { role: 'visitor', route: '/user/login', signedIn: false, coreCatalogsOnly: true },
  { role: 'buyer', route: '/encheres', signedIn: true },
  { role: 'buyer', route: '/marketplace', signedIn: true },
  { role: 'supplier', route: '/user/products', signedIn: true },
  { role: 'admin', route: '/admin/home', signedIn: true, goal: 350, baseline: '1 570 kB raw' },
];

const sizeCache = new Map<string, { raw: number; gzip: number; br: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (s) return s;
  const full = path.join(dist, file);
  const raw = readFileSync(full);
  // The server sends the build's own .gz/.br (vite.config.ts, precompress); small files have none.
  const gzip = existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(raw, { level: 9 }).length;
  const br = existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  s = { raw: raw.length, gzip, br };
  sizeCache.set(file, s);
  return s;
}
const sum = (files: string[]) =>
  files.map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br }), { raw: 0, gzip: 0, br: 0 });
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

console.log(`\nFirst load per route (language ${LANGUAGE}; kB = 1 000 bytes; gzip -9 / brotli q11 as served)\n`);
const rows: string[][] = [['role', 'route', 'JS raw', 'JS gzip', 'JS br', 'CSS raw', 'CSS gzip', 'CSS br', 'files', 'goal (JS gzip)', 'baseline', '']];
let missed = 0;
for (const v of VISITS) {
  const keys = new Set<string>();
  closure(entryKey, keys);
  // The app's chunk, imported by the entry once the static frame is painted (main.tsx, decision 921).
  for (const k of manifest[entryKey]!.dynamicImports ?? []) closure(k, keys);
  for (const k of v.coreCatalogsOnly ? coreKeys : [...coreKeys, ...restKeys]) closure(k, keys);
  if (v.signedIn) for (const k of menuKeys) closure(k, keys);
  const page = pageOf.get(v.route);
  if (page) closure(page, keys);
  else if (v.route !== '/') throw new Error(`route ${v.route} has no lazy page in router.tsx`);
  const js = [...new Set([...keys].map((k) => manifest[k]!.file))];
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  const j = sum(js);
  const c = sum(css);
  let verdict = '';
  if (v.goal !== undefined) {
    const met = j.gzip <= v.goal * 1000;
    if (!met) missed++;
    verdict = met ? 'MET' : 'MISSED';
  }
  rows.push([
    v.role,
    v.route,
    kB(j.raw),
    kB(j.gzip),
    kB(j.br),
    kB(c.raw),
    kB(c.gzip),
    kB(c.br),
    String(js.length + css.length),
    v.goal !== undefined ? `≤ ${v.goal} kB` : '—',
    v.baseline ?? '',
    verdict,
  ]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));

const maps = execSync(`find ${JSON.stringify(dist)} -name '*.map' | wc -l`)
  .toString()
  .trim();
console.log(`\nsource maps in dist: ${maps} (goal 0: ${maps === '0' ? 'MET' : 'MISSED'})`);
console.log(missed === 0 ? 'All first-load goals MET.' : `${missed} first-load goal(s) MISSED.`);

if (process.env.BENCH_THROTTLED !== '0') {
  const { throttledRun } = await import('./throttled');
  await throttledRun();
}
