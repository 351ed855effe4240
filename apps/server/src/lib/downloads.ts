import { LANGUAGES, type Language } from '@primeur/shared';

/** The reader's language for a document: ?lang= first, else the browser's Accept-Language, else English. */
export function readerLanguage(lang: string | undefined, accept: string | undefined): Language {
  const pick = (s: string | undefined) => (LANGUAGES as readonly string[]).find((l) => s?.toLowerCase().startsWith(l)) as Language | undefined;
  if (pick(lang)) return pick(lang)!;
  for (const part of (accept ?? '').split(',')) {
    const l = pick(part.trim());
    if (l) return l;
  }
  return 'en';
}

/**
 * A Content-Disposition header for a file whose name may hold accents or quotes: an ASCII fallback
 * for old clients and the exact name in `filename*` (RFC 6266).
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string) {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/"/g, '');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
