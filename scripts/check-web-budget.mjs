#!/usr/bin/env node
/**
 * The web build's download budget (issue 24, decision 841), read from Vite's manifest in apps/web/dist
 * (build first): fails when
 * - a route's first load — the entry and its static imports, the language's catalogs, the header menus,
 *   the page's chunk and its static imports; JS + CSS, gzip as served — is over 350 kB;
 * - what /user/register fetches after its first load (its dynamic imports, e.g. a password-strength
 *   dictionary) is over 100 kB gzip.
 * Cheap (no browser, no build): the e2e phase runs it right after `npm run build`.
 *
 *   node scripts/check-web-budget.mjs            # check, print every route
 *   node scripts/check-web-budget.mjs --json     # the figures as JSON
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB = path.join(ROOT, 'apps/web');
export const FIRST_LOAD_BUDGET = 350_000;
export const REGISTER_AFTER_LOAD_BUDGET = 100_000;
/** Routes a visitor opens: no header menus (the signed-in header's dropdowns). */
const VISITOR_ROUTES = new Set(['/', '/user/login', '/user/register', '/terms', '/unauthorized']);

/** Per route, the files of its first load and of what its page may fetch later, with their gzip sizes. */
export function routeBudgets({ dist = path.join(WEB, 'dist'), language = 'en', routerFile = path.join(WEB, 'src/app/router.tsx') } = {}) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no build manifest at ${path.relative(ROOT, manifestFile)}: run npm run build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const keys = Object.keys(manifest);

  /** A chunk and its static imports; with `dynamic`, its dynamic imports too, except through `shell`. */
  const closure = (key, into = new Set(), dynamic = false, shell = new Set()) => {
    if (into.has(key) || shell.has(key)) return into;
    if (!manifest[key]) throw new Error(`not in the manifest: ${key}`);
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into, dynamic, shell);
    if (dynamic) for (const dep of manifest[key].dynamicImports ?? []) closure(dep, into, dynamic, shell);
    return into;
  };
  const gzipCache = new Map();
  const gzip = (file) => {
    if (!gzipCache.has(file)) {
      const full = path.join(dist, file);
      // The server sends the build's own .gz (vite.config.ts precompress); small files have none.
      gzipCache.set(file, existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length);
    }
    return gzipCache.get(file);
  };
  const filesOf = (set) => [...new Set([...set].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]))];
  const bytes = (files) => files.reduce((n, f) => n + gzip(f), 0);

  const entry = keys.find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const catalogs = keys.filter((k) => manifest[k].name === `i18n-${language}` || manifest[k].name === `i18n-${language}-rest`);
  if (catalogs.length < 2) throw new Error(`no catalog chunks for ${language}`);
  const menus = keys.filter((k) => /react-bootstrap\/esm\/NavDropdown\.js$/.test(k));

  // Route → page module, from the router's lazyPage(() => import('…'), …) calls.
  const router = readFileSync(routerFile, 'utf8');
  // The router names its paths from the route map (lib/routes.ts: paths.x, routePatterns.x).
  const routeMap = readFileSync(path.join(path.dirname(routerFile), '../lib/routes.ts'), 'utf8');
  const named = new Map();
  for (const [, object, body] of routeMap.matchAll(/export const (paths|routePatterns) = \{([\s\S]*?)\n\} as const;/g)) {
    for (const [, key, value] of body.matchAll(/^\s*(\w+): '([^']+)',/gm)) named.set(`${object}.${key}`, value);
  }
  const routes = [{ path: '/', page: undefined }];
  for (const m of router.matchAll(/path: (?:'([^']+)'|((?:paths|routePatterns)\.\w+)),\s*\.\.\.lazyPage\(\(\) => import\('([^']+)'\)/g)) {
    const route = m[1] ?? named.get(m[2]);
    if (!route) throw new Error(`route ${m[2]} is not in the route map (lib/routes.ts)`);
    m[1] = route;
    m[2] = m[3];
    const file = path
      .relative(WEB, path.resolve(path.dirname(routerFile), m[2]))
      .split(path.sep)
      .join('/');
    // By source path; a page merged into a shared chunk has no source entry, only the chunk's name.
    const page =
      keys.find((k) => k === `${file}.tsx` || k === `${file}.ts`) ?? keys.find((k) => manifest[k].isDynamicEntry && manifest[k].name === path.basename(file));
    if (!page) throw new Error(`route ${m[1]}: ${file} is not a chunk of the build (is it still lazy?)`);
    routes.push({ path: m[1], page });
  }
  if (routes.length < 10) throw new Error(`only ${routes.length - 1} lazy routes found in ${path.relative(ROOT, routerFile)}: has lazyPage changed?`);

  return routes.map(({ path: route, page }) => {
    const shell = closure(entry);
    // The entry imports the app's chunk as soon as the static frame is painted (main.tsx, decision
    // 921): its dynamic imports are part of every first load.
    for (const k of manifest[entry].dynamicImports ?? []) closure(k, shell);
    for (const k of catalogs) closure(k, shell);
    if (!VISITOR_ROUTES.has(route)) for (const k of menus) closure(k, shell);
    const first = new Set(shell);
    if (page) closure(page, first);
    // Later: what the page's own code may import on demand (the shell's on-demand pages are not the page's).
    const all = new Set([...first, ...(page ? closure(page, new Set(), true, shell) : [])]);
    const firstFiles = filesOf(first);
    const laterFiles = filesOf(all).filter((f) => !firstFiles.includes(f));
    return { route, firstLoad: bytes(firstFiles), firstFiles: firstFiles.length, later: bytes(laterFiles), laterFiles };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = routeBudgets();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  const failures = [];
  console.log('web budget: first load (JS + CSS, gzip as served) per route; what the page may fetch later');
  for (const r of rows) {
    const over = r.firstLoad > FIRST_LOAD_BUDGET;
    if (over) failures.push(`${r.route}: first load ${kB(r.firstLoad)} > ${kB(FIRST_LOAD_BUDGET)}`);
    console.log(
      `  ${r.route.padEnd(38)} ${kB(r.firstLoad).padStart(9)} in ${String(r.firstFiles).padStart(2)} files   later ${kB(r.later).padStart(9)}${over ? '   OVER' : ''}`,
    );
  }
  const register = rows.find((r) => r.route === '/user/register');
  if (!register) failures.push('/user/register is not a lazy route');
  else if (register.later > REGISTER_AFTER_LOAD_BUDGET)
    failures.push(`/user/register fetches ${kB(register.later)} after its first load (> ${kB(REGISTER_AFTER_LOAD_BUDGET)}): ${register.laterFiles.join(', ')}`);
  if (failures.length) {
    console.error(`web budget exceeded:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`web budget: every route's first load ≤ ${kB(FIRST_LOAD_BUDGET)}; /user/register later ≤ ${kB(REGISTER_AFTER_LOAD_BUDGET)}`);
}
