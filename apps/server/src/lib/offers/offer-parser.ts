import { isoDay, round3, type QualityClass } from '@primeur/shared';
import type { Lookalike } from './lookalike.js';
import { CatalogMatcher, PRODUCT_MATCH_MIN } from './catalog-matcher.js';
import { QUALITY_CLASS_RES, classOfMatch } from './quality-class.js';
import { fold, toNumber, words } from './text.js';

/**
 * Reads supplier offer messages the way traders write them on WhatsApp (Spanish, French, English),
 * one offer per line. The formats understood, with examples, are in docs/whatsapp-offers.md.
 *
 * Each line is read by masking, in a fixed order, the parts recognised so far (caliber, prices,
 * dates, pallets, weights, box, packaging, origin); what is left is the product's name. The order
 * matters: "1.20 €/kg" must be a price before "1.20" can be mistaken for a date.
 */
export interface ParsedOffer {
  line: string;
  productName: string;
  origin: string;
  packaging: string;
  box: string;
  caliber: string;
  /** The EU class when the line states one ("cat I", "Kl. II", "Extra"), else null (decision 915). */
  qualityClass: QualityClass | null;
  priceKg: number | null;
  priceColis: number | null;
  pricePiece: number | null;
  /** Pallets. */
  volume: number | null;
  /** yyyy-mm-dd. */
  startDate: string | null;
  lookalike: Lookalike;
}

const NUM = String.raw`\d+(?:[.,]\d{1,3})?`;
const CUR = String.raw`(?:€|\beur(?:os?)?\b)`;
/** After the number a lone "e" is a euro too ("1,20e/kg"). */
const CUR_AFTER = String.raw`(?:€|eur(?:os?)?\b|e\b)`;
const KG_UNIT = ['kg', 'kgs', 'kilo', 'kilos', 'k'];
const BOX_UNIT = ['caja', 'cajas', 'cj', 'cjs', 'colis', 'col', 'bulto', 'box', 'boxes', 'ctn', 'carton', 'case', 'bandeja', 'plateau', 'tray', 'caisse'];
const PIECE_UNIT = [
  'pieza',
  'piezas',
  'pza',
  'pc',
  'pcs',
  'piece',
  'pieces',
  'unidad',
  'unidades',
  'ud',
  'uds',
  'u',
  'unite',
  'each',
  'ea',
  'pz',
  'manojo',
  'botte',
  'bunch',
];
const UNIT = `(?:(${[...KG_UNIT, ...BOX_UNIT, ...PIECE_UNIT].sort((a, b) => b.length - a.length).join('|')})\\b)`;
const SEP = String.raw`(?:\/|\bpor\b|\bper\b|\bpar\b|\bel\b|\bla\b|\ble\b|\bthe\b|\ba\b)?`;

/** Euro sign or word before or after the number, or a "/unit" after it; a bare "5 kg" is a weight, not a price. */
const PRICE_RE = new RegExp(String.raw`(${CUR}\s*)?\b(${NUM})\s*(${CUR_AFTER})?\s*(\/\s*|${SEP}\s*)?${UNIT}?`, 'g');
const AT_PRICE_RE = new RegExp(String.raw`(?:@|\ba\b|\bprecio\b|\bprix\b|\bprice\b)\s*:?\s*(${NUM})(?![.,]?\d)(?!\s*(?:kg|k\b|pal|g\b|gr|x|mm|%))`, 'g');
const CALIBER_RE =
  /\b(?:cal(?:ibres?|iber|ibro|ibre)?|size|taille|tamano|calb?)\b\.?\s*:?\s*([0-9]{1,3}(?:\s*[-/]\s*[0-9]{1,3}|\+[0-9]{1,3})*\+?|[a-z0-9]{1,4}\+?)/g;
const MM_RE = /\b(\d{2,3}(?:\s*[-/]\s*\d{2,3})?\+?\s*mm\b\+?)/g;
const DATE_RE = /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?\b/g;
const PALLET_RE = new RegExp(String.raw`(${NUM})\s*(?:pal|pals|palet|palets|pales|palé|pale|palette|palettes|pallet|pallets|plt|plts)\b`, 'g');
const TRUCK_RE = /\b(\d+|un|una|one|a)\s*(?:camion|camiones|camions|truck|trucks|trailer|trailers|camion complet|full truck)\b/g;
const GRAMS_RE = /\b(\d+)\s*x\s*(\d+(?:[.,]\d+)?)\s*(kg|g|gr)\b|\b(\d+(?:[.,]\d+)?)\s*(kg|kgs|kilos?|g|gr)\b/g;
const BOX_RE =
  /\b(?:cajas?|cjs?|colis|cartons?|carton|boxes|box|ctn|cagettes?|caisses?|crates?|platos?|plateaux?|plateau|trays?|bandejas?|ifco|europool|euro\s*pool|madera|bois|wooden|wood|plastico|plastique|plastic|octabin|pallox|palox)\b(?:\s*(?:\d{2}\s*x\s*\d{2}(?:\s*x\s*\d{1,2})?|\b(?:43|64)\d\d\b))*|\b\d{2}\s*x\s*\d{2}(?:\s*x\s*\d{1,2})?\b|\b(?:43|64)\d\d\b/g;
const PACKAGING_RE =
  /\b(?:a\s+)?(?:granel|vrac|bulk|tarrinas?|barquettes?|punnets?|cestitas?|clamshells?|flow\s*-?\s*pack|flowpack|mallas?|filets?|net\s*bags?|sacos?|manojos?|bottes?|bunch(?:es)?|bolsa\s+(?:de\s+)?papel|sac\s+papier|paper\s+bags?|film|filmee)\b/g;
// Maps, not plain objects: a word looked up must never find an inherited property ("constructor",
// "__proto__", "toString" are words a message may contain).
const WEEKDAYS = new Map<string, number>(
  Object.entries({
    domingo: 0,
    sunday: 0,
    dimanche: 0,
    lunes: 1,
    monday: 1,
    lundi: 1,
    martes: 2,
    tuesday: 2,
    mardi: 2,
    miercoles: 3,
    wednesday: 3,
    mercredi: 3,
    jueves: 4,
    thursday: 4,
    jeudi: 4,
    viernes: 5,
    friday: 5,
    vendredi: 5,
    sabado: 6,
    saturday: 6,
    samedi: 6,
  }),
);
const RELATIVE_DAYS = new Map<string, number>(Object.entries({ hoy: 0, today: 0, aujourd: 0, manana: 1, tomorrow: 1, demain: 1 }));
/** Words that carry no product meaning in an offer line. */
const FILLER = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'le',
  'les',
  'du',
  'des',
  'en',
  'a',
  'al',
  'y',
  'et',
  'and',
  'con',
  'avec',
  'with',
  'the',
  'of',
  'por',
  'par',
  'per',
  'x',
  'desde',
  'from',
  'partir',
  'dispo',
  'disponible',
  'disponibles',
  'available',
  'oferta',
  'offre',
  'offer',
  'precio',
  'prix',
  'price',
  'origen',
  'origine',
  'origin',
  'orig',
  'salida',
  'depart',
  'loading',
  'carga',
  'cargamos',
  'semana',
  'semaine',
  'week',
  'exw',
  'fob',
  'cif',
  'dap',
  'fca',
  'tenemos',
  'we',
  'have',
  'nous',
  'avons',
  'quedan',
  'left',
  'reste',
  'hay',
  'only',
  'solo',
  'ya',
  'kg',
  'k',
  'cat',
  'categoria',
  'unos',
  'unas',
  'some',
]);
/** A line with one of these words is about something else (transport, totals, payment), not an offer. */
const NOT_AN_OFFER = /\b(?:transporte|transport|porte|portes|flete|freight|total|iva|tva|vat|pago|paiement|payment|factura|facture|invoice)\b/;

export interface ParseContext {
  /** Reference day for dates without a year and for "tomorrow" (UTC date). */
  today: Date;
}

interface LineState {
  folded: string;
  original: string;
}

function mask(s: LineState, start: number, end: number) {
  s.folded = s.folded.slice(0, start) + ' '.repeat(end - start) + s.folded.slice(end);
}

function take(s: LineState, re: RegExp, onMatch: (m: RegExpExecArray) => boolean | void) {
  re.lastIndex = 0;
  for (const m of [...s.folded.matchAll(re)]) {
    if (onMatch(m) !== false) mask(s, m.index, m.index + m[0].length);
  }
}

/** The day of a UTC-midnight date (the parser counts days in UTC from `ctx.today`). */
const iso = (d: Date) => isoDay(d, 'UTC');

function dayMonth(day: number, month: number, year: number | undefined, today: Date): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  let y = year ?? today.getUTCFullYear();
  if (y < 100) y += 2000;
  let d = new Date(Date.UTC(y, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  // "25/01" sent in December is next January: a date more than half a year back means next year.
  if (year === undefined && today.getTime() - d.getTime() > 182 * 86_400_000) d = new Date(Date.UTC(y + 1, month - 1, day));
  return iso(d);
}

const plusDays = (today: Date, n: number) => iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + n)));

interface Fields {
  priceKg: number | null;
  priceColis: number | null;
  pricePiece: number | null;
  volume: number | null;
  startDate: string | null;
  caliber: string;
  qualityClass: QualityClass | null;
  boxParts: string[];
  packParts: string[];
  origin: { text: string; match: Lookalike['origin'] } | null;
  boxKg: number | null;
  notAnOffer: boolean;
}

function readFields(s: LineState, matcher: CatalogMatcher, ctx: ParseContext): Fields {
  const f: Fields = {
    priceKg: null,
    priceColis: null,
    pricePiece: null,
    volume: null,
    startDate: null,
    caliber: '',
    qualityClass: null,
    boxParts: [],
    packParts: [],
    origin: null,
    boxKg: null,
    notAnOffer: NOT_AN_OFFER.test(s.folded),
  };
  const orig = (m: RegExpExecArray, group = 0) => s.original.slice(m.index, m.index + m[group]!.length).trim();

  // The first mention of a class is the line's (a class word then its class before the other forms);
  // every mention is masked, so "cat", "Klasse", "Extra" never end up in the product's name.
  let classSeen = false;
  for (const re of QUALITY_CLASS_RES) {
    take(s, re, (m) => {
      if (classSeen) return;
      classSeen = true;
      f.qualityClass = classOfMatch(m);
    });
  }
  take(s, CALIBER_RE, (m) => {
    if (f.caliber) return false;
    f.caliber = s.original
      .substr(m.index + m[0].length - m[1]!.length, m[1]!.length)
      .trim()
      .toUpperCase();
  });
  take(s, MM_RE, (m) => {
    if (f.caliber) return false;
    f.caliber = orig(m, 1).replace(/\s+/g, '');
  });
  take(s, PRICE_RE, (m) => {
    const [, curBefore, num, curAfter, sep, unit] = m;
    // Without a currency the number is a price only when written "x/unit" ("1,20/kg").
    if (!curBefore && !curAfter && !(unit && sep?.trim() === '/')) return false;
    const value = toNumber(num!);
    if (!Number.isFinite(value)) return false;
    const u = unit ?? 'kg';
    if (BOX_UNIT.includes(u)) f.priceColis ??= value;
    else if (PIECE_UNIT.includes(u)) f.pricePiece ??= value;
    else f.priceKg ??= value;
  });
  take(s, AT_PRICE_RE, (m) => {
    if (f.priceKg !== null || f.priceColis !== null || f.pricePiece !== null) return false;
    f.priceKg = toNumber(m[1]!);
  });
  take(s, /\b(?:s|kw|sem|semana|semaine|week|wk)\s*\.?\s*(\d{1,2})\b/g, (m) => {
    const week = Number(m[1]);
    if (week < 1 || week > 53 || f.startDate) return false;
    f.startDate = isoWeekMonday(week, ctx.today);
  });
  take(s, DATE_RE, (m) => {
    const d = dayMonth(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : undefined, ctx.today);
    if (!d || f.startDate) return false;
    f.startDate = d;
  });
  for (const w of words(s.folded)) {
    if (f.startDate) break;
    const relative = RELATIVE_DAYS.get(w);
    const weekday = WEEKDAYS.get(w);
    if (relative !== undefined) f.startDate = plusDays(ctx.today, relative);
    else if (weekday !== undefined) f.startDate = plusDays(ctx.today, (weekday - ctx.today.getUTCDay() + 7) % 7);
  }
  s.folded = s.folded.replace(
    /\b(?:hoy|today|aujourd|manana|tomorrow|demain|lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b/g,
    (w) => ' '.repeat(w.length),
  );
  take(s, PALLET_RE, (m) => {
    f.volume = (f.volume ?? 0) + toNumber(m[1]!);
  });
  take(s, TRUCK_RE, (m) => {
    // A full truck carries 33 euro pallets (decision 141).
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : 1;
    f.volume = (f.volume ?? 0) + n * 33;
  });
  take(s, GRAMS_RE, (m) => {
    const text = orig(m);
    if (m[5] && /^k/.test(m[5]) && f.boxKg === null) f.boxKg = toNumber(m[4]!);
    if (m[1] && m[3] !== 'kg' && f.boxKg === null) f.boxKg = (Number(m[1]) * toNumber(m[2]!)) / 1000;
    if (m[1] && m[3] === 'kg' && f.boxKg === null) f.boxKg = Number(m[1]) * toNumber(m[2]!);
    // Grams describe the packaging (punnet 250 g); kilos the box ("cj 5kg").
    if (/g|gr/.test(m[3] ?? m[5] ?? '') && !/k/.test(m[3] ?? m[5] ?? '')) f.packParts.push(text);
    else f.boxParts.push(text);
  });
  take(s, PACKAGING_RE, (m) => {
    f.packParts.push(orig(m));
  });
  take(s, BOX_RE, (m) => {
    f.boxParts.unshift(orig(m));
  });
  // Origins: the longest run of words that names a country, in any of the four languages.
  const ws = [...s.folded.matchAll(/[\p{L}]+/gu)];
  for (let i = 0; i < ws.length && !f.origin; i++) {
    for (let n = Math.min(matcher.longestCountryName, ws.length - i); n >= 1; n--) {
      const run = ws.slice(i, i + n);
      const key = run.map((w) => w[0]).join(' ');
      const match = matcher.country(key);
      if (match) {
        const start = run[0]!.index;
        const end = run[n - 1]!.index + run[n - 1]![0].length;
        f.origin = { text: match.label, match };
        mask(s, start, end);
        break;
      }
    }
  }
  return f;
}

function isoWeekMonday(week: number, today: Date): string {
  const y = today.getUTCFullYear();
  const jan4 = new Date(Date.UTC(y, 0, 4));
  const monday1 = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  let d = new Date(monday1.getTime() + (week - 1) * 7 * 86_400_000);
  if (today.getTime() - d.getTime() > 182 * 86_400_000) d = new Date(d.getTime() + 364 * 86_400_000);
  return iso(d);
}

/** The words left once every recognised part is masked, in the sender's own spelling. */
function leftover(s: LineState): string {
  const parts: string[] = [];
  for (const m of s.folded.matchAll(/[\p{L}][\p{L}'-]*/gu)) {
    if (FILLER.has(m[0]) || m[0].length < 2) continue;
    parts.push(s.original.slice(m.index, m.index + m[0].length));
  }
  return parts.join(' ');
}

export interface MessageDefaults {
  origin: { text: string; match: Lookalike['origin'] } | null;
  startDate: string | null;
}

/**
 * One offer line, or null when the line is not an offer (greetings, headers, totals). A line is an
 * offer when it names a price, or names a catalog product together with a number of pallets.
 * Lines that are not offers may still set the message's origin or date for the lines below them.
 */
export function parseLine(line: string, matcher: CatalogMatcher, ctx: ParseContext, defaults: MessageDefaults): ParsedOffer | null {
  const original = line.replace(/[*_~]/g, ' ');
  const s: LineState = { original, folded: fold(original) };
  const f = readFields(s, matcher, ctx);
  const productName = leftover(s);
  const ranked = matcher.articles(productName);
  const best = ranked[0] && ranked[0].score >= PRODUCT_MATCH_MIN ? ranked[0] : null;
  const hasPrice = f.priceKg !== null || f.priceColis !== null || f.pricePiece !== null;
  const isOffer = !f.notAnOffer && productName.length > 0 && (hasPrice || (best !== null && f.volume !== null));
  if (!isOffer) {
    if (f.origin) defaults.origin = f.origin;
    if (f.startDate) defaults.startDate = f.startDate;
    return null;
  }
  const origin = f.origin ?? defaults.origin;
  const box = f.boxParts.join(' ').trim();
  const packaging = f.packParts.join(' ').trim() || (/\bifco\b/i.test(box) ? 'ifco' : /euro\s*pool|europool/i.test(box) ? 'europool' : '');
  // A box price with the box weight gives the kilo price staff compare on (decision 141).
  const priceKg = f.priceKg ?? (f.priceColis !== null && f.boxKg ? round3(f.priceColis / f.boxKg) : null);
  return {
    line: line.trim(),
    productName,
    origin: origin?.text ?? '',
    packaging,
    box,
    caliber: f.caliber,
    qualityClass: f.qualityClass,
    priceKg,
    priceColis: f.priceColis,
    pricePiece: f.pricePiece,
    volume: f.volume,
    startDate: f.startDate ?? defaults.startDate,
    lookalike: {
      productName: best,
      productAlternatives: ranked.filter((r) => r !== best && r.score >= PRODUCT_MATCH_MIN / 2),
      origin: origin?.match ?? null,
      packaging: packaging ? matcher.packaging(packaging) : null,
      box: box ? matcher.box(box) : null,
    },
  };
}

/** Every offer line of a message, in order. */
export function parseMessage(text: string, matcher: CatalogMatcher, ctx: ParseContext): ParsedOffer[] {
  const defaults: MessageDefaults = { origin: null, startDate: null };
  const out: ParsedOffer[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^[\s•·\-–—>*]+/, '').trim();
    if (!line) continue;
    const offer = parseLine(line, matcher, ctx, defaults);
    if (offer) out.push(offer);
  }
  return out;
}
