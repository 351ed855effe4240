/**
 * Search text folded for comparison (issue 16): case, accents and other diacritics ignored, so "almeria"
 * finds "Almería" and "MALAGA" finds "Málaga". Every list search on the web goes through it.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of the query is found in one of the fields (folded). An empty query matches all. */
export function matchesSearch(query: string, ...fields: Array<string | null | undefined>): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(fields.filter(Boolean).join(' \u0000 '));
  return words.every((w) => haystack.includes(w));
}
