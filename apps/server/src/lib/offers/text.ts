/**
 * Text helpers for reading traders' messages: comparisons ignore accents and case, so "Limón",
 * "LIMON" and "limon" are the same word, and small typos still score close.
 */

/** Lower-case without accents, one character for each input character (positions stay aligned). */
export function fold(input: string): string {
  let out = '';
  for (const ch of input) {
    if (ch === '×' || ch === '✕') {
      out += 'x';
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    // A character that folds to several (rare ligatures) keeps its first one, so indexes stay aligned.
    out += base.length === 1 ? base : (base[0] ?? ' ');
    // Astral characters (emoji) are two code units in the input; keep the folded string the same length.
    if (ch.length === 2) out += ' ';
  }
  return out;
}

/** Words of a folded text: letters and digits only. */
export const words = (folded: string) => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Singular candidates of a word for es/fr/en/de plurals ("tomates", "limones", "fraises", "peaches"). */
export function singulars(word: string): string[] {
  const out = [word];
  if (word.length > 3 && (word.endsWith('s') || word.endsWith('x'))) out.push(word.slice(0, -1));
  if (word.length > 4 && word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.length > 4 && word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  return out;
}

const sameWord = (a: string, b: string) => {
  const sa = singulars(a);
  return singulars(b).some((w) => sa.includes(w));
};

function bigrams(s: string): string[] {
  const padded = ` ${s} `;
  const out: string[] = [];
  for (let i = 0; i < padded.length - 1; i++) out.push(padded.slice(i, i + 2));
  return out;
}

/** Sørensen–Dice similarity on letter pairs, 0..1; a word and its plural are equal. */
export function similarity(a: string, b: string): number {
  if (a === b || sameWord(a, b)) return 1;
  const x = bigrams(a);
  const y = bigrams(b);
  const counts = new Map<string, number>();
  for (const g of x) counts.set(g, (counts.get(g) ?? 0) + 1);
  let common = 0;
  for (const g of y) {
    const n = counts.get(g) ?? 0;
    if (n > 0) {
      common++;
      counts.set(g, n - 1);
    }
  }
  return (2 * common) / (x.length + y.length);
}

/** "1,20" and "1.20" both mean 1.2 in offers (prices are never written with thousands separators). */
export const toNumber = (s: string) => Number(s.replace(',', '.'));

/**
 * A word prepared once for many similarity comparisons: its singular candidates and its letter pairs
 * as sorted numbers. `similarityOf(a, b)` equals `similarity(a.word, b.word)` without allocating,
 * which matters when one line is compared with every name of the catalog.
 */
export interface PreparedWord {
  word: string;
  singulars: string[];
  pairs: number[];
}

export function prepareWord(word: string): PreparedWord {
  const padded = ` ${word} `;
  const pairs: number[] = [];
  for (let i = 0; i < padded.length - 1; i++) pairs.push(padded.charCodeAt(i) * 65_536 + padded.charCodeAt(i + 1));
  pairs.sort((x, y) => x - y);
  return { word, singulars: singulars(word), pairs };
}

export function similarityOf(a: PreparedWord, b: PreparedWord): number {
  if (a.word === b.word) return 1;
  for (const w of b.singulars) if (a.singulars.includes(w)) return 1;
  const x = a.pairs;
  const y = b.pairs;
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      common++;
      i++;
      j++;
    } else if (x[i]! < y[j]!) i++;
    else j++;
  }
  return (2 * common) / (x.length + y.length);
}
