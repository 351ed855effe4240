import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web suite runs with `isolate: false` (vitest.config.ts): files share one jsdom and the modules
 * already loaded. No file mocks a module: a mock needs the module cache reset, and the files after it
 * then load a second React DOM and user-event beside the copies already attached to the shared
 * document. With two copies, user-event's `clear()` once left "14" in a field and typing "1" made it
 * "141" (a CI run, decision 962). A test replaces what it must through the module's own seam (the live
 * connection: `withFakeLive` in test/fake-live.ts).
 */
const src = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.(test\.tsx?|ts|tsx)$/.test(e.name) && (e.name.includes('.test.') || dir.endsWith(`${path.sep}test`)) ? [p] : [];
  });
}

describe('test isolation', () => {
  it('no test file mocks a module or resets the module cache', () => {
    const files = testFiles(src);
    expect(files.filter((f) => f.includes('.test.')).length).toBeGreaterThan(40);
    const offenders = files
      .filter((f) => !f.endsWith(`${path.sep}isolation.test.ts`))
      .filter((f) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});
