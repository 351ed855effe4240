import type { CatalogMatch } from './lookalike.js';
import { fold, prepareWord, similarity, similarityOf, words, type PreparedWord } from './text.js';

/** The catalog as the parser sees it (loaded once per import through the catalog and location services). */
export interface MatchCatalog {
  articles: Array<{ id: number; code: string; names: { en: string; fr: string; de: string; es: string } }>;
  countries: Array<{ id: number; name: string; alpha2: string }>;
  boxes: Array<{ id: number; name: string }>;
  packagings: Array<{ id: number; name: string }>;
}

const LANGS = ['en', 'fr', 'de', 'es'] as const;
/** Little words inside catalog names that say nothing about the product ("Tomate en rama", "Pomme de terre"). */
const NAME_STOPWORDS = new Set(['en', 'de', 'la', 'le', 'du', 'des', 'a', 'sans', 'sin', 'with', 'con', 'of']);
/** Below this a product word is not counted as the name's word at all. */
const WORD_MIN = 0.75;
export const PRODUCT_MATCH_MIN = 0.6;

/** Spoken names of origins that the language tables do not give. */
const COUNTRY_ALIASES = new Map<string, string[]>(
  Object.entries({
    NL: ['holanda', 'hollande', 'holland'],
    ZA: ['rsa', 'sudafrica', 'south africa'],
    GB: ['uk', 'inglaterra', 'angleterre', 'england'],
    US: ['usa', 'eeuu', 'ee uu'],
    ES: ['espana', 'spain', 'espagne', 'almeria', 'huelva', 'murcia', 'sevilla', 'malaga', 'alicante', 'castellon', 'canarias'],
    MA: ['marruecos', 'maroc', 'morocco', 'souss', 'agadir'],
    TR: ['turkey', 'turquia', 'turquie', 'turkei'],
    IT: ['sicilia', 'sicile', 'sicily'],
  }),
);

interface IndexedName {
  id: number;
  label: string;
  code: string;
  tokens: string[];
  /** The same words prepared for fast comparison. */
  prepared: PreparedWord[];
}

export class CatalogMatcher {
  private readonly names: IndexedName[] = [];
  private readonly preparedWords = new Map<string, PreparedWord>();
  private readonly countryByName = new Map<string, { id: number; name: string; alpha2: string }>();
  readonly longestCountryName: number;

  constructor(private readonly catalog: MatchCatalog) {
    for (const a of catalog.articles) {
      for (const lang of LANGS) {
        const tokens = words(fold(a.names[lang])).filter((w) => !NAME_STOPWORDS.has(w));
        if (tokens.length) this.names.push({ id: a.id, label: a.names.en, code: a.code, tokens, prepared: tokens.map((t) => this.prepared(t)) });
      }
    }
    // "Granada" is a pomegranate before it is Grenada: a country name that is a whole product name is not an origin.
    const productWords = new Set(this.names.map((n) => n.tokens.join(' ')));
    let longest = 1;
    // One formatter per language, not one per country and language: building them is the slow part.
    const displayNames = LANGS.map((lang) => new Intl.DisplayNames([lang], { type: 'region' }));
    for (const c of catalog.countries) {
      const spoken = displayNames.map((d) => d.of(c.alpha2) ?? '');
      for (const n of [c.name, ...spoken, ...(COUNTRY_ALIASES.get(c.alpha2) ?? [])]) {
        const key = words(fold(n)).join(' ');
        if (!key || productWords.has(key)) continue;
        this.countryByName.set(key, c);
        longest = Math.max(longest, key.split(' ').length);
      }
    }
    this.longestCountryName = longest;
  }

  private prepared(word: string) {
    let p = this.preparedWords.get(word);
    if (!p) this.preparedWords.set(word, (p = prepareWord(word)));
    return p;
  }

  /** The country whose name (in any of the four languages, or a common alias) is exactly these folded words. */
  country(folded: string): CatalogMatch | null {
    const c = this.countryByName.get(folded);
    return c ? { id: c.id, label: c.name, alpha2: c.alpha2, score: 1 } : null;
  }

  /**
   * Ranks catalog articles for the words of a line. Each name word takes its best similarity to a
   * line word; the name scores the mean, so "naranja navel" beats "naranja valencia" for
   * "naranjas navel". Ties go to the longer name (more evidence). One entry per article.
   */
  articles(text: string, limit = 3): CatalogMatch[] {
    const lineWords = words(fold(text))
      .filter((w) => /\p{L}/u.test(w))
      .map(prepareWord);
    if (!lineWords.length) return [];
    const best = new Map<number, { m: CatalogMatch; len: number }>();
    // Name words repeat across articles and languages ("tomate", "rojo"): score each one once per line.
    const tokenScore = new Map<string, number>();
    for (const n of this.names) {
      let sum = 0;
      for (const t of n.prepared) {
        let s = tokenScore.get(t.word);
        if (s === undefined) {
          s = 0;
          for (const w of lineWords) s = Math.max(s, similarityOf(t, w));
          tokenScore.set(t.word, s);
        }
        sum += s >= WORD_MIN ? s : 0;
      }
      const score = Math.round((sum / n.tokens.length) * 100) / 100;
      if (score <= 0) continue;
      const prev = best.get(n.id);
      if (!prev || score > prev.m.score || (score === prev.m.score && n.tokens.length > prev.len)) {
        best.set(n.id, { m: { id: n.id, label: n.label, code: n.code, score }, len: n.tokens.length });
      }
    }
    return [...best.values()]
      .sort((a, b) => b.m.score - a.m.score || b.len - a.len)
      .slice(0, limit)
      .map((x) => x.m);
  }

  /** Packaging: the catalog entry sharing the most words (and grams/kilos) with what the line said. */
  packaging(text: string): CatalogMatch | null {
    return bestByWords(text, this.catalog.packagings, PACKAGING_SYNONYMS);
  }

  /** Box: material words and the dimensions (30x40, 6416) decide. */
  box(text: string): CatalogMatch | null {
    return bestByWords(text, this.catalog.boxes, BOX_SYNONYMS);
  }
}

/**
 * Words traders use, mapped onto the English words of the catalog entries. Maps, not plain objects:
 * a word of a message ("constructor", "__proto__") must never find an inherited property.
 */
const PACKAGING_SYNONYMS = new Map<string, string>(
  Object.entries({
    granel: 'bulk',
    vrac: 'bulk',
    tarrina: 'punnet',
    tarrinas: 'punnet',
    barquette: 'punnet',
    barquettes: 'punnet',
    cestita: 'punnet',
    punnets: 'punnet',
    malla: 'net',
    mallas: 'net',
    filet: 'net',
    filets: 'net',
    saco: 'net',
    manojo: 'bunch',
    manojos: 'bunch',
    botte: 'bunch',
    bottes: 'bunch',
    bunches: 'bunch',
    flowpack: 'flow-pack',
    papel: 'paper',
    papier: 'paper',
    film: 'film',
    filmee: 'film',
    ep: 'europool',
    gr: 'g',
  }),
);
const BOX_SYNONYMS = new Map<string, string>(
  Object.entries({
    caja: 'box',
    cajas: 'box',
    cj: 'box',
    cjs: 'box',
    colis: 'box',
    carton: 'cardboard',
    cartons: 'cardboard',
    ctn: 'cardboard',
    boxes: 'box',
    madera: 'wooden crate',
    bois: 'wooden crate',
    wood: 'wooden crate',
    wooden: 'wooden crate',
    cagette: 'crate',
    cagettes: 'crate',
    caisse: 'crate',
    caisses: 'crate',
    crates: 'crate',
    plastico: 'plastic crate',
    plastique: 'plastic crate',
    plastic: 'plastic crate',
    plato: 'tray',
    platos: 'tray',
    plateau: 'tray',
    plateaux: 'tray',
    bandeja: 'tray',
    trays: 'tray',
    ep: 'europool',
    palox: 'pallox',
  }),
);

function expand(text: string, synonyms: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  // "30x40" and "60x40x16" are dimensions; "6416" an ifco/europool code: both compare as words.
  // "Euro Pool" is the crate's other spelling: the catalog writes it "europool" (decision 640).
  for (const w of words(
    fold(text)
      .replace(/\beuro\s+pool\b/g, 'europool')
      .replace(/(\d)\s*x\s*(?=\d)/g, '$1 ')
      .replace(/(\d)(?=[a-z])/g, '$1 '),
  )) {
    out.push(...(synonyms.get(w) ?? w).split(' '));
  }
  return out;
}

function bestByWords(text: string, entries: Array<{ id: number; name: string }>, synonyms: ReadonlyMap<string, string>): CatalogMatch | null {
  const said = new Set(expand(text, synonyms));
  if (!said.size) return null;
  let best: CatalogMatch | null = null;
  for (const e of entries) {
    const own = [...new Set(words(fold(e.name).replace(/(\d)\s*x\s*(?=\d)/g, '$1 ')))];
    const hits = own.filter((w) => said.has(w) || [...said].some((s) => s.length > 3 && similarity(s, w) >= 0.85)).length;
    if (!hits) continue;
    // Share of what was said that the entry explains, weighted with the share of the entry's own words.
    const score = Math.round(((hits / said.size) * 0.6 + (hits / own.length) * 0.4) * 100) / 100;
    if (!best || score > best.score) best = { id: e.id, label: e.name, score };
  }
  return best;
}
