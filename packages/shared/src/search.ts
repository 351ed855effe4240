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

/** Words shorter than this are searched as typed: a stem of three letters would find too much. */
const MIN_STEM = 4;

/**
 * A folded word's stem for matching catalog names in any language (issue 25, decision 873): one
 * plural ending off (-en, -es, -s, -n: "Tomaten", "tomates", "apples", "Birnen"), then a final vowel
 * (-e, -o, -a: "tomate", "tomato", "patata"), each only while at least four letters stay. The stem is a
 * prefix of the word, so whatever the word finds its stem finds too: "tomaten", "tomates" and
 * "tomato" all become "tomat" and find "Tomate ronde", "Round tomato" and "Rispentomate" alike.
 */
export function searchStem(word: string): string {
  let w = word;
  const cut = (suffix: string) => {
    if (w.endsWith(suffix) && w.length - suffix.length >= MIN_STEM) {
      w = w.slice(0, -suffix.length);
      return true;
    }
    return false;
  };
  // The first plural ending that fits; then a final vowel.
  void (cut('en') || cut('es') || cut('s') || cut('n'));
  void (cut('e') || cut('o') || cut('a'));
  return w;
}
