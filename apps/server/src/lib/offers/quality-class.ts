import type { QualityClass } from '@primeur/shared';

/**
 * The EU marketing-standard class of an offer line (issue 25, decision 915), as traders write it in
 * Spanish, French, English and German. Works on the folded line (lower case, no accents).
 *
 * A class is read only where a class word says so, never from a bare numeral: "Tomate Daniela II" or
 * "cal 1" say nothing about the class. The forms:
 *
 * - a class word then the class: `cat I`, `Cat. II`, `cat 1`, `Categoría II`, `Catégorie I`, `Class I`,
 *   `Classe II`, `Clase I`, `Kl. I`, `Klasse II`, `Handelsklasse I`, `HKL II`, `cat extra`, `Klasse Extra`;
 * - the class then the word: `I cat`, `II categoría`, `1ª cat`, `2a categoria`, `1re catégorie`,
 *   `2e catégorie`, `1st class`, `2nd class`, `1. Klasse` (a digit needs its ordinal mark there, and the
 *   German "1." only before Klasse, so the caliber of "cal 2 cat I" or "cal 1. cat I" is not taken for a class);
 * - ordinal words: `primera/segunda categoría`, `première/deuxième/seconde catégorie`, `first/second class`,
 *   `erste/zweite Klasse`;
 * - `Extra` alone, except in the size grades "extra fins", "extra large", "extra gros"….
 *
 * Two classes in one mention ("cat I/II", "Kl. I-II") are a mixed lot: the mention is masked but no
 * class is read.
 */
const WORD = String.raw`(?:cat(?:eg(?:orias?|orie|ory)?)?|(?:handels)?klasse|hkl|kl|classe|class|clase)`;
const VALUE = String.raw`(?:extra|ii|i|1|2)`;
const ORDINAL_MARK = String.raw`(?:ª|a|st|nd|re|ere|er|eme|e)`;
const SIZE_AFTER_EXTRA = String.raw`(?:\s*-?\s*(?:fins?|fines?|fijn|large|grande?s?|gros|grosse|big|small|petite?s?|jumbo)\b)`;

/** "cat 2 pal", "Kl. 1,5 kg": the digit after the word is a quantity, not the class. */
const NOT_A_QUANTITY = String.raw`(?![.,]\d)(?!\s*(?:pal\w*|plts?|pallets?|kgs?|kilos?|gr?|mm|cm|x)\b)`;

/**
 * Read in this order: the class word first ("cat I"), then the other forms. So in "Daniela II cat I"
 * the variety's numeral is not read as "II cat".
 */
export const QUALITY_CLASS_RES = [
  new RegExp(
    String.raw`\b${WORD}\.?\s*:?\s*(?:(?<pre>extra|ii|i)|(?<preDigit>[12])${NOT_A_QUANTITY})${ORDINAL_MARK}?(?:\s*[/-]\s*(?<pre2>${VALUE}))?(?![a-z0-9])`,
    'g',
  ),
  new RegExp(
    [
      String.raw`\b(?<sufRoman>ii|i)\s*(?:[/-]\s*(?<sufRoman2>ii|i)\s*)?${WORD}\b\.?`,
      String.raw`\b(?<sufDigit>[12])(?:${ORDINAL_MARK}\s*${WORD}|\.\s*(?:handels)?klasse)\b\.?`,
      String.raw`\b(?<word>primera|segunda|premiere|deuxieme|seconde|first|second|erste|zweite)\s+${WORD}\b\.?`,
      String.raw`\b(?<extra>extra)\b(?!${SIZE_AFTER_EXTRA})`,
    ].join('|'),
    'g',
  ),
];

const WORD_CLASS: Record<string, QualityClass> = {
  primera: 'I',
  premiere: 'I',
  first: 'I',
  erste: 'I',
  segunda: 'II',
  deuxieme: 'II',
  seconde: 'II',
  second: 'II',
  zweite: 'II',
};

function valueClass(v: string): QualityClass {
  if (v === 'extra') return 'EXTRA';
  return v === 'ii' || v === '2' ? 'II' : 'I';
}

/**
 * The class a match of QUALITY_CLASS_RES names: `null` for a mixed mention ("cat I/II"), which states
 * no single class.
 */
export function classOfMatch(m: RegExpExecArray): QualityClass | null {
  const g = m.groups ?? {};
  const pre = g.pre ?? g.preDigit;
  if (pre) {
    const first = valueClass(pre);
    return g.pre2 && valueClass(g.pre2) !== first ? null : first;
  }
  if (g.sufRoman) {
    const first = valueClass(g.sufRoman);
    return g.sufRoman2 && valueClass(g.sufRoman2) !== first ? null : first;
  }
  if (g.sufDigit) return valueClass(g.sufDigit);
  if (g.word) return WORD_CLASS[g.word] ?? null;
  return g.extra ? 'EXTRA' : null;
}
