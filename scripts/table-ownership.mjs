// The data wall's model (issue 33 §4): which module owns which table, who uses which, and the crossings
// still allowed while the wall is being built. Read by scripts/table-owners.mjs (docs/table-owners.md)
// and by the ESLint rule of scripts/eslint-data-wall.mjs. Computed from the code, never kept by hand:
//   - the tables are the `pgTable('<name>', …)` of apps/server/src/db/schema/*.ts, by export name;
//   - a module (apps/server/src/<folder>/<module>, or an infrastructure folder) uses a table when one of
//     its runtime files (tests excluded) imports that export from db/schema, or names it in SQL
//     (`from`, `join`, `into`, `update` followed by the table's name);
//   - a table's owner is the module named in OWNERS below (the one that writes it by its business);
//     a table left out there is owned by the only module using it, and unowned once a second uses it.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const src = path.join(root, 'apps/server/src');

/** The owner of each table used by several modules: who writes it by its business. */
export const OWNERS = {
  users: 'companies/users',
  sessions: 'plugins',
  apiTokens: 'companies/api-tokens',
  countries: 'platform/location',
  cities: 'platform/location',
  articles: 'platform/catalog',
  articleFamilies: 'platform/catalog',
  transports: 'platform/catalog',
  packagings: 'platform/catalog',
  products: 'trading/marketplace',
  productPhotos: 'trading/marketplace',
  offers: 'trading/auctions',
  orders: 'trading/orders',
  orderHistory: 'trading/orders',
  orderCounters: 'trading/orders',
  purchaseRequests: 'trading/orders',
  claims: 'trading/claims',
  claimHistory: 'trading/claims',
  invoices: 'trading/invoicing',
  invoiceDocuments: 'trading/invoicing',
  invoicePayments: 'trading/invoicing',
  companies: 'companies/companies',
  companyCertificates: 'companies/companies',
  productLinks: 'companies/product-links',
  certificates: 'platform/catalog',
  boxes: 'platform/catalog',
  outbox: 'documents',
  alertLotState: 'trading/alerts',
  auctionMaxima: 'trading/auctions',
  inboundMessages: 'pricing/unchecked-products',
  events: 'events',
  eventCursors: 'events',
  eventFailures: 'events',
  jobRuns: 'jobs',
  webhookEndpoints: 'trading/webhooks',
  webhookDeliveries: 'trading/webhooks',
};
/** Reference data every module may read (the shared reference tables of the data wall). */
export const REFERENCE = new Set(['countries', 'cities', 'articles', 'articleFamilies', 'transports', 'packagings', 'certificates', 'boxes']);

/**
 * The crossings still allowed (module → tables of other modules it reads): none. The 40 there were when
 * the rule came (decision 1005) all go through their owners' read models now. Kept for a crossing a
 * migration between two owners may need for a while: `npm run lint` fails on a crossing not listed here
 * (the ESLint rule `primeur/data-wall`) and on an entry the code no longer needs (scripts/table-owners.mjs).
 * @type {Record<string, string[]>}
 */
export const KNOWN_CROSSINGS = {};

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
const BUSINESS = new Set(['platform', 'companies', 'pricing', 'trading', 'backoffice']);

/** The module of a server file: <folder>/<module> in a business folder, else its top folder; null for db/ and top-level files. */
export function moduleOf(file) {
  const rel = path.relative(src, file);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(path.sep);
  if (!second || top === 'db') return null;
  return BUSINESS.has(top) ? `${top}/${second}` : top;
}

/** The runtime files the wall looks at: the server's sources, tests excluded. */
export const isRuntimeFile = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && moduleOf(file) !== null;

/** The tables of db/schema: export name → SQL name. */
export function schemaTables() {
  const tables = new Map();
  for (const f of fs.readdirSync(path.join(src, 'db/schema'))) {
    if (!f.endsWith('.ts') || f === 'index.ts') continue;
    const text = fs.readFileSync(path.join(src, 'db/schema', f), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) tables.set(m[1], m[2]);
  }
  return tables;
}

const SCHEMA_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'[./]*\/db\/schema\/index\.js'/g;

/** The table exports named in an import's braces (types and renames handled). */
export const importedNames = (braces) =>
  braces
    .split(',')
    .map(
      (s) =>
        s
          .replace(/\btype\b/, '')
          .trim()
          .split(/\s+as\s+/)[0],
    )
    .filter(Boolean);

/** The SQL names of `tables` a piece of text reads or writes (`from`, `join`, `into`, `update` + the name). */
export function tablesInSql(text, tables) {
  const found = [];
  for (const [name, sqlName] of tables) if (new RegExp(`\\b(from|join|into|update)\\s+${sqlName}\\b`, 'i').test(text)) found.push(name);
  return found;
}

/** Table export → the modules whose runtime files use it. */
export function tableUses(tables = schemaTables()) {
  const uses = new Map();
  for (const file of walk(src)) {
    if (!isRuntimeFile(file)) continue;
    const mod = moduleOf(file);
    const text = fs.readFileSync(file, 'utf8');
    const use = (name) => {
      if (!uses.has(name)) uses.set(name, new Set());
      uses.get(name).add(mod);
    };
    for (const m of text.matchAll(SCHEMA_IMPORT)) for (const name of importedNames(m[1])) if (tables.has(name)) use(name);
    for (const name of tablesInSql(text, tables)) use(name);
  }
  return uses;
}

/** The owner of a table: OWNERS, else the only module using it; null when several use it and none is named. */
export const ownerOf = (table, users) => OWNERS[table] ?? (users.size === 1 ? [...users][0] : null);

/** May `module` use `table`? Its own tables, the reference tables, and the crossings still listed. */
export function mayUse(module, table, owner) {
  return REFERENCE.has(table) || owner === module || (KNOWN_CROSSINGS[module] ?? []).includes(table);
}
