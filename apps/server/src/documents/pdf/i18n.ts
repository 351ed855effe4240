import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, type Language } from '@primeur/shared';

/** The PDF texts live in the shared catalogs (namespace `priceList`, key `pdf.*`), like the web's. */
const LOCALES = path.resolve(import.meta.dirname, '../../../../../packages/shared/src/i18n/locales');
const cache = new Map<Language, Record<string, unknown>>();

function catalog(lng: Language): Record<string, unknown> {
  let c = cache.get(lng);
  if (!c) {
    c = JSON.parse(readFileSync(path.join(LOCALES, lng, 'priceList.json'), 'utf8')) as Record<string, unknown>;
    cache.set(lng, c);
  }
  return c;
}

function lookup(obj: Record<string, unknown>, key: string): string | undefined {
  let cur: unknown = obj;
  for (const part of key.split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : undefined;
  return typeof cur === 'string' ? cur : undefined;
}

/** A `pdf.*` text in `lng`, English when missing, with `{{name}}` placeholders filled. */
export function pdfText(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(catalog(lng), `pdf.${key}`) ?? lookup(catalog(DEFAULT_LANGUAGE), `pdf.${key}`) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
