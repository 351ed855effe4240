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

/**
 * A text in `lng`, English when missing, with `{{name}}` placeholders filled (raw: escape at the use
 * site). `ns` is the catalog file: `email` by default, `alertsEmail` for the auction alerts.
 */
export function t(lng: Language, key: string, vars: Record<string, string | number> = {}, ns = 'email'): string {
  const text = catalog(lng, ns)[key] ?? catalog(DEFAULT_LANGUAGE, ns)[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
