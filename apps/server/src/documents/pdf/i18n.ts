import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '@primeur/shared';

/** The PDF texts live in the shared catalogs (one namespace per document, key `pdf.*`), like the web's. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/shared/src/i18n/locales');
const cache = new Map<string, Record<string, unknown>>();

function catalog(lng: Language, namespace: string): Record<string, unknown> {
  const key = `${lng}/${namespace}`;
  let c = cache.get(key);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(LOCALES, lng, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(key, c);
  }
  return c;
}

function lookup(obj: Record<string, unknown>, key: string): string | undefined {
  let cur: unknown = obj;
  for (const part of key.split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : undefined;
  return typeof cur === 'string' ? cur : undefined;
}

/** A `pdf.*` text of the price list in `lng`, English when missing, with `{{name}}` placeholders filled. */
export function pdfText(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  return documentText('priceList', lng, key, vars);
}

/** A `pdf.*` text of one document's namespace in `lng`, English when missing. */
export function documentText(namespace: string, lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(catalog(lng, namespace), `pdf.${key}`) ?? lookup(catalog(DEFAULT_LANGUAGE, namespace), `pdf.${key}`) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
