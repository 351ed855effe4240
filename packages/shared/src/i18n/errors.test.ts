import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ERROR_CODES } from '../constants/errors.js';
import { LANGUAGES } from '../constants/limits.js';

const messages = (lng: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales', lng, 'errors.json'), 'utf8')) as Record<string, unknown>;

describe('error messages', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const c of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) expect(c).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
  });

  it.each(LANGUAGES)('%s has a message for every code, and none for an unknown code', (lng) => {
    const catalog = messages(lng);
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      const text = catalog[code];
      expect(typeof text === 'string' && text.trim().length > 0, `${lng}/errors:${code}`).toBe(true);
    }
    expect(Object.keys(catalog).sort()).toEqual([...ERROR_CODES, ...CLIENT_ERROR_CODES].sort());
  });
});
