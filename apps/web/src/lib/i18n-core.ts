/**
 * The catalog namespaces the first render waits for (decision 650): what the shell, the visitor's
 * pages (landing, sign-in, terms, error pages) and any error or amount message need. Every other
 * namespace is in a second chunk per language, fetched right after (lib/i18n.ts).
 */
export const CORE_NAMESPACES = ['common', 'errors', 'auth', 'decimal'] as const;

const CORE = new Set<string>(CORE_NAMESPACES);
const CATALOG_FILE = /packages\/shared\/src\/i18n\/locales\/([a-z]{2})\/([\w-]+)\.json$/;

/**
 * The build chunk of a module (vite.config.ts manualChunks): `i18n-<lng>` for a core catalog,
 * `i18n-<lng>-rest` for the other catalogs of the language, undefined for anything else.
 */
export function catalogChunk(id: string): string | undefined {
  const m = CATALOG_FILE.exec(id.replaceAll('\\', '/'));
  if (!m) return undefined;
  return CORE.has(m[2]!) ? `i18n-${m[1]}` : `i18n-${m[1]}-rest`;
}
