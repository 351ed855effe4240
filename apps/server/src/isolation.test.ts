import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server suite runs with `isolate: false` (vitest.config.ts): the files of one worker share the
 * modules already loaded. A module that keeps mutable state at its top level therefore carries it from
 * one test file into the next: a queue of one app's work that the next file's app waits on, a cache
 * filled against a database that was dropped, a "current" context left by the previous file. This
 * guard finds every top-level `let`/`var`, and every top-level Map, Set, array or object that the
 * module mutates, in the server's sources and test helpers; each must be listed below with the reason
 * it cannot leak (a value computed once from constants, a per-process counter whose value no test
 * reads, a per-file world reassigned in every file's beforeAll). A new one fails until it is made
 * per app (hung on the app or keyed by its database) or justified here.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');

const ALLOWED: Record<string, string> = {
  'src/server.ts:closing': 'the process entry point; no test imports it (tests run it as a child process)',
  'src/server.ts:jobsStart': 'the process entry point; no test imports it (tests run it as a child process)',
  'src/pricing/prices/reference.service.ts:caches': 'keyed by the database (a WeakMap): each app has its own cache',
  'src/lib/password.ts:dummyHash': 'a hash of a constant, computed once for timing-safe sign-in refusals: the same value for every app',
  'src/trading/invoicing/invoicing.facturx.ts:service':
    'the compiled EN 16931 document service (pure functions from its inputs, no database): the same for every app',
  'src/db/factories.ts:seq': 'a counter making factory names unique in the process; tests never read its value',
  'src/db/factories.ts:hashCache': 'password hashes of constant test passwords: pure values',
  'src/db/factories/backoffice.ts:seq': 'a counter making factory names unique in the process; tests never read its value',
  'src/db/factories/unchecked-products.ts:seq': 'a counter making factory names unique in the process; tests never read its value',
  'src/db/factories/listings.ts:seq': 'a counter making factory names unique in the process; tests never read its value',
  'src/documents/email/i18n.ts:cache': 'translation catalogues read from the repository: constant files',
  'src/documents/pdf/i18n.ts:cache': 'translation catalogues read from the repository: constant files',
  'src/pricing/unchecked-products/unchecked-products.service.ts:e164Cache': 'phone numbers normalised by a pure function: input → output',
  'test/en16931/validate.ts:compiled': 'the EN 16931 rules compiled from files in shared/: constant',
  'test/en16931/validate.ts:loaded': 'the EN 16931 rules compiled from files in shared/: constant',
  'test/en16931/schema.ts:validators': 'the CII D16B and Factur-X XSDs compiled from files in shared/: constant',
  'test/database.ts:engine': 'the PGlite engine and the migrated template image, copied into a fresh database for each file',
  'test/global-setup.ts:built': 'the global set-up runs once per run, outside the test files',
};

/** A per-file world (`export let ctx` set in beforeAll): allowed when every importer registers the world itself. */
const WORLDS: Record<string, string> = {
  'src/trading/orders/orders.test-support.ts': 'useOrdersWorld',
  'src/trading/alerts/alerts.test-support.ts': 'useAlertsWorld',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'lint-fixtures' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const MUTATORS = ['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill'];

/** The names of a file's top-level mutable state: `let`/`var`, and containers the file mutates. */
export function topLevelMutableState(text: string, fileName = 'x.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const d of list.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      if (!isConst) {
        found.push(name);
        continue;
      }
      const init = d.initializer;
      const container =
        init !== undefined &&
        ((ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'Set', 'Array', 'WeakMap', 'WeakSet'].includes(init.expression.text)) ||
          ts.isArrayLiteralExpression(init) ||
          ts.isObjectLiteralExpression(init));
      if (!container) continue;
      const escaped = name.replace(/[$]/g, '\\$');
      const mutated = new RegExp(`\\b${escaped}(\\.(${MUTATORS.join('|')})\\(|\\[[^\\]]+\\]\\s*=[^=]|\\.[A-Za-z_$][\\w$]*\\s*=[^=])`).test(text);
      if (mutated) found.push(name);
    }
  }
  return found;
}

describe('server test isolation (isolate: false)', () => {
  const files = [...sourceFiles(path.join(serverRoot, 'src')), ...sourceFiles(path.join(serverRoot, 'test'))]
    .filter((f) => !f.endsWith('.test.ts'))
    .map((f) => ({ rel: path.relative(serverRoot, f).split(path.sep).join('/'), text: readFileSync(f, 'utf8') }));

  it('finds the state it is meant to find (a probe)', () => {
    const probe = [
      'let current = 0;',
      'const queue: number[] = [];',
      'export function add(n: number) { queue.push(n); current = n; }',
      'const FIXED = new Set(["a", "b"]);',
      'const chain = new Map<string, number>();',
      'chain.set("x", 1);',
      'const config = { a: 1 };',
      'export const read = () => FIXED.has("a") && config.a;',
    ].join('\n');
    expect(topLevelMutableState(probe)).toEqual(['current', 'queue', 'chain']);
  });

  it('no module keeps mutable state across test files, unless listed with its reason', () => {
    expect(files.length).toBeGreaterThan(200);
    const unexplained: string[] = [];
    const seen = new Set<string>();
    for (const { rel, text } of files) {
      if (rel in WORLDS) continue;
      for (const name of topLevelMutableState(text, rel)) {
        const key = `${rel}:${name}`;
        seen.add(key);
        if (!(key in ALLOWED)) unexplained.push(key);
      }
    }
    expect(unexplained).toEqual([]);
    // A listed entry whose state is gone is removed from the list, so the list stays the truth.
    expect(Object.keys(ALLOWED).filter((k) => !seen.has(k))).toEqual([]);
  });

  it('every test file that imports a per-file world registers it (a fresh app per file)', () => {
    const tests = sourceFiles(path.join(serverRoot, 'src')).filter((f) => f.endsWith('.test.ts'));
    const missing: string[] = [];
    let importers = 0;
    for (const file of tests) {
      const text = readFileSync(file, 'utf8');
      for (const [world, register] of Object.entries(WORLDS)) {
        const base = path.basename(world, '.ts');
        if (!text.includes(`/${base}.js'`)) continue;
        importers++;
        if (!new RegExp(`\\b${register}\\(`).test(text)) missing.push(`${path.relative(serverRoot, file)} imports ${base} without ${register}()`);
      }
    }
    expect(importers).toBeGreaterThan(3);
    expect(missing).toEqual([]);
  });

  it('a test file that mocks a module loads its own copies and leaves none to the next file', () => {
    const tests = sourceFiles(path.join(serverRoot, 'src')).filter((f) => f.endsWith('.test.ts') && !f.endsWith('isolation.test.ts'));
    const mocking = tests.map((f) => ({ f, text: readFileSync(f, 'utf8') })).filter(({ text }) => /\bvi\.(mock|doMock)\(/.test(text));
    expect(mocking.length).toBeGreaterThan(0);
    const leaking = mocking
      .filter(({ text }) => !/vi\.hoisted\(\s*\(\)\s*=>\s*vi\.resetModules\(\)\s*\)/.test(text) || (text.match(/vi\.resetModules\(\)/g) ?? []).length < 2)
      .map(({ f }) => path.relative(serverRoot, f));
    expect(leaking).toEqual([]);
  });
});
