import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web suite runs with `isolate: false` (vitest.config.ts): files share one jsdom and the modules
 * already loaded. A file that mocks a module must load its own copies and leave fresh ones behind,
 * or the files after it would get its mock (or it would get the real module).
 */
const src = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('test isolation', () => {
  it('every file that mocks a module resets the module cache before and after itself', () => {
    const files = testFiles(src);
    expect(files.length).toBeGreaterThan(40);
    const offenders = files
      .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(f, 'utf8')))
      .filter((f) => {
        const text = readFileSync(f, 'utf8');
        return !text.includes('vi.hoisted(() => vi.resetModules())') || !text.includes('afterAll(() => vi.resetModules())');
      })
      .map((f) => path.relative(src, f));
    expect(offenders).toEqual([]);
  });
});
