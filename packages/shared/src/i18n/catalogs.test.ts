import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants/limits.js';

const root = path.join(import.meta.dirname, 'locales');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.entries(obj).reduce<Record<string, unknown>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flatten(v as Record<string, unknown>, key));
    else acc[key] = v;
    return acc;
  }, {});
}

const load = (lng: string) =>
  Object.fromEntries(
    readdirSync(path.join(root, lng))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(path.join(root, lng, f), 'utf8')))]),
  );

describe('translation catalogs', () => {
  const catalogs = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)]));
  const en = catalogs.en!;

  it('have the same namespaces in every language', () => {
    for (const lng of LANGUAGES) expect(Object.keys(catalogs[lng]!).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every key of en, and no key en lacks', (lng) => {
    for (const ns of Object.keys(en)) {
      expect(Object.keys(catalogs[lng]![ns]!).sort(), `namespace ${ns}`).toEqual(Object.keys(en[ns]!).sort());
    }
  });

  it.each(LANGUAGES)('%s has no empty value', (lng) => {
    for (const [ns, keys] of Object.entries(catalogs[lng]!)) {
      for (const [key, value] of Object.entries(keys)) {
        expect(typeof value === 'string' && value.trim().length > 0, `${lng}/${ns}:${key}`).toBe(true);
      }
    }
  });

  it('keeps the interpolation placeholders of en in every language', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const lng of LANGUAGES) {
      for (const [ns, keys] of Object.entries(en)) {
        for (const [key, value] of Object.entries(keys)) expect(vars(catalogs[lng]![ns]![key]), `${lng}/${ns}:${key}`).toEqual(vars(value));
      }
    }
  });
});
