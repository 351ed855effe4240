import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '@primeur/shared';

/** The email texts live in the shared catalogs (namespace `email`), like the web's, in four languages. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/shared/src/i18n/locales');
const cache = new Map<string, Record<string, string>>();

function catalog(lng: Language, ns: string): Record<string, string> {
  let c = cache.get(`${lng}/${ns}`);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as Record<string, string>;
    cache.set(`${lng}/${ns}`, c);
  }
  return c;
}

/** The key's text, its plural form first when a numeric `count` is given (i18next's `_one`/`_other` suffixes, CLDR rules). */
function lookup(lng: Language, ns: string, key: string, count: string | number | undefined): string | undefined {
  const c = catalog(lng, ns);
  if (typeof count === 'number') return c[`${key}_${new Intl.PluralRules(lng).select(count)}`] ?? c[`${key}_other`] ?? c[key];
  return c[key];
}

/**
 * A text in `lng`, English when missing, with `{{name}}` placeholders filled (raw: escape at the use
 * site). `ns` is the catalog file: `email` by default, `alertsEmail` for the auction alerts.
 */
export function t(lng: Language, key: string, vars: Record<string, string | number> = {}, ns = 'email'): string {
  const text = lookup(lng, ns, key, vars.count) ?? lookup(DEFAULT_LANGUAGE, ns, key, vars.count) ?? key;
  // A numeric count picks the plural form and is written the language's way ("2,5 palettes").
  const shown = typeof vars.count === 'number' ? { ...vars, count: new Intl.NumberFormat(lng, { maximumFractionDigits: 3 }).format(vars.count) } : vars;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(shown[k] ?? ''));
}
