import {
  formatDay,
  formatDecimal,
  gs1Date,
  gs1ElementString,
  gs1Weight3102,
  isGs1Batch,
  isValidGtin,
  isValidSscc,
  toGtin14,
  type Language,
} from '@primeur/shared';
import { lazyRequire } from '../../lib/lazy-require.js';
import { GREEN, GREY, newDocument, rule } from './document.js';
import { documentText } from './i18n.js';
import { OPERATOR } from './operator.js';

/**
 * The GS1 logistic label of a shipment's pallets (issue 37): one A5 page per pallet, in the layout of
 * the GS1 Logistic Label Guideline — a free top block (from, to), the data in words in the middle, and
 * the GS1-128 barcodes at the bottom, the SSCC last. A seller without a GS1 company prefix gets
 * Primeur's internal pallet number as a plain Code 128, marked as not being an SSCC.
 */
export interface PalletLabelModel {
  orderNumber: string;
  seller: { companyName: string; address: string; postalCode: string; city: string; countryName: string };
  shipTo: { companyName: string; address: string; postalCode: string; city: string; countryName: string };
  lot: {
    /** The batch (AI 10), e.g. 'L123'. */
    lotNumber: string;
    /** GTIN of the boxes on the pallet (AI 02) when the seller gave one. */
    gtin: string | null;
    /** Already in the reader's language. */
    article: string;
    variety: string | null;
    caliber: string;
    /** The class as a display label, already translated. */
    qualityClass: string | null;
    /** Already translated. */
    packaging: string;
    originAlpha2: string;
    originName: string;
    /** YYYY-MM-DD. */
    packedOn: string | null;
  };
  pallets: Array<{ seq: number; code: string; gs1: boolean; netKg: number; grossKg: number | null; boxes: number | null }>;
}

type Pallet = PalletLabelModel['pallets'][number];
/** One GS1 element string: the AI and its value. */
type Element = [ai: string, value: string];

const bwip = lazyRequire<typeof import('bwip-js/node')>('bwip-js/node');

/** PDF points in a millimetre. */
const MM = 72 / 25.4;

/**
 * The label's geometry in PDF points (origin top left, as pdfkit draws): A5 portrait, the content
 * inside MARGIN, and the barcodes in the bottom block from BARCODES_TOP down to the bottom margin.
 */
export const LABEL = {
  width: 148 * MM,
  height: 210 * MM,
  margin: 6 * MM,
  /** Where the barcode block starts: everything in words is above it. */
  barcodesTop: 100 * MM,
  /** The module width aimed at: GS1 asks at least 0.495 mm on logistic labels. */
  targetModule: 0.5 * MM,
  /** Below this module width a symbol is split (each AI still whole) rather than printed finer. */
  splitModule: 0.4 * MM,
  /** The narrowest module ever printed (scanners at the dock read 0.25 mm). */
  minModule: 0.25 * MM,
  /** Light margin either side of a symbol, in modules (GS1-128 asks 10). */
  quietModules: 10,
  /** Bar height of the SSCC symbol (GS1 logistic labels: 31.75 mm), and at most of the others. */
  ssccBarHeight: 31.75 * MM,
  otherBarHeight: 20 * MM,
  /** The human-readable line under each symbol, and the space between symbols. */
  textHeight: 4.5 * MM,
  gap: 2.5 * MM,
} as const;

const CONTENT_WIDTH = LABEL.width - 2 * LABEL.margin;
/** The widest symbol, quiet zones included, that still prints at the split module width. */
const MAX_MODULES = Math.floor(CONTENT_WIDTH / LABEL.splitModule) - 2 * LABEL.quietModules;
/** GS1-128 carries at most 48 data characters a symbol (GS1 General Specifications 5.4.1). */
const MAX_DATA_CHARACTERS = 48;

const INK = '#000000';
const WARN = '#b71c1c';

/**
 * ISO 3166-1 numeric codes of the usual origins of fresh produce traded in Europe (EU, EFTA and the
 * main supplying countries), for AI (422). An origin not listed is printed in words only.
 */
// prettier-ignore
const ISO_NUMERIC: Readonly<Record<string, string>> = {
  // EU
  AT: '040', BE: '056', BG: '100', HR: '191', CY: '196', CZ: '203', DK: '208', EE: '233', FI: '246',
  FR: '250', DE: '276', GR: '300', HU: '348', IE: '372', IT: '380', LV: '428', LT: '440', LU: '442',
  MT: '470', NL: '528', PL: '616', PT: '620', RO: '642', SK: '703', SI: '705', ES: '724', SE: '752',
  // EFTA and the United Kingdom
  IS: '352', LI: '438', NO: '578', CH: '756', GB: '826',
  // Mediterranean, Africa, the Americas, Asia, Oceania
  MA: '504', TN: '788', EG: '818', IL: '376', TR: '792', ZA: '710', KE: '404', SN: '686', CI: '384',
  CL: '152', PE: '604', AR: '032', BR: '076', CO: '170', CR: '188', EC: '218', MX: '484', US: '840',
  DO: '214', UY: '858', NZ: '554', AU: '036', IN: '356', CN: '156',
};

/** The ISO 3166-1 numeric code of an origin (AI 422), null when it is not in the table. */
export function originNumericCode(alpha2: string): string | null {
  return ISO_NUMERIC[alpha2.toUpperCase()] ?? null;
}

/** AIs whose value has a fixed length known from their first two digits: no FNC1 separator after them (GS1 General Specifications, figure 7.8.5-2). */
const PREDEFINED_LENGTH = /^(0[0-4]|1[1-9]|20|3[1-6]|41)/;

/** The data characters of a GS1-128 symbol: AIs, values and the FNC1 separators after variable-length ones. */
function dataCharacters(fields: readonly Element[]) {
  return fields.reduce((n, [ai, value], i) => n + ai.length + value.length + (i < fields.length - 1 && !PREDEFINED_LENGTH.test(ai) ? 1 : 0), 0);
}

/** The text bwip-js encodes: AIs in parentheses; a parenthesis inside a value (set 82 allows them) as ^040/^041 (with `parse`). */
const bwipText = (fields: readonly Element[]) => fields.map(([ai, value]) => `(${ai})${value.replaceAll('(', '^040').replaceAll(')', '^041')}`).join('');

/** Width of a symbol in modules, start to stop without the quiet zones, as bwip-js encodes it (its GS1 checks included). */
function modules(bcid: 'gs1-128' | 'code128', text: string, parse: boolean) {
  const [symbol] = bwip().raw({ bcid, text, parse });
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js drew no linear symbol for ${text}`);
  return symbol.sbs.reduce((a, b) => a + b, 0);
}

const fits = (fields: readonly Element[]) => dataCharacters(fields) <= MAX_DATA_CHARACTERS && modules('gs1-128', bwipText(fields), true) <= MAX_MODULES;

/** The elements in as few symbols as fit (48 data characters, the label's width), in their order, each AI whole. */
function split(fields: readonly Element[]): Element[][] {
  const out: Element[][] = [];
  let current: Element[] = [];
  for (const field of fields) {
    if (current.length > 0 && !fits([...current, field])) {
      out.push(current);
      current = [];
    }
    current.push(field);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The GS1-128 symbols of a pallet's label, each a list of [AI, value], the SSCC's last. With the
 * boxes' GTIN and their count known: (02) GTIN + (37) count; then (3102) net kg, (13) packing date,
 * (422) origin and (10) batch; then (00) SSCC — split further where a symbol would pass 48 data
 * characters or the label's width. Without GTIN or count only (00) is encoded: GS1's mandatory
 * associations make (37), (3102), (13), (10) and (422) require a GTIN ((01) or (02)) on the unit;
 * those facts stay on the label in words. A pallet with Primeur's internal number gets no GS1 symbol
 * (an empty list): its number is drawn as a plain Code 128.
 */
export function palletLabelBarcodes(model: PalletLabelModel, pallet: Pallet): Element[][] {
  if (!pallet.gs1) return [];
  if (!isValidSscc(pallet.code)) throw new RangeError(`pallet ${pallet.seq} of ${model.orderNumber}: ${pallet.code} is no SSCC`);
  const sscc: Element[] = [['00', pallet.code]];
  const { gtin, lotNumber, packedOn, originAlpha2 } = model.lot;
  const boxes = pallet.boxes;
  if (!gtin || !isValidGtin(gtin) || boxes === null || !Number.isSafeInteger(boxes) || boxes < 1 || boxes > 99_999_999) return [sscc];
  const content: Element[] = [
    ['02', toGtin14(gtin)],
    ['37', String(boxes)],
  ];
  const facts: Element[] = [];
  if (pallet.netKg > 0 && pallet.netKg < 10_000) {
    try {
      facts.push(['3102', gs1Weight3102(pallet.netKg)]);
    } catch {
      // 9999.995 kg and up round past the AI's six digits: the weight stays in words.
    }
  }
  if (packedOn) facts.push(['13', gs1Date(packedOn)]);
  const origin = originNumericCode(originAlpha2);
  if (origin) facts.push(['422', origin]);
  if (isGs1Batch(lotNumber)) facts.push(['10', lotNumber]);
  return [...split(content), ...split(facts), sscc];
}

/** A symbol as placed on the page, in PDF points from the top left (the quiet zones are outside x…x + width). */
export interface LabelBarcode {
  bcid: 'gs1-128' | 'code128';
  /** The GS1 element strings, null for the internal number's plain Code 128. */
  fields: Element[] | null;
  /** The human-readable line printed under the bars. */
  text: string;
  modules: number;
  moduleWidth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a pallet's symbols go: stacked up from the bottom margin, the SSCC (or the internal number)
 * at the bottom, each centred with its quiet zones inside the label's content width, the module
 * width GS1's 0.5 mm when it fits, else as wide as fits.
 */
export function palletLabelLayout(model: PalletLabelModel, pallet: Pallet): LabelBarcode[] {
  const symbols: Array<Omit<LabelBarcode, 'moduleWidth' | 'x' | 'y' | 'width' | 'height'>> = pallet.gs1
    ? palletLabelBarcodes(model, pallet).map((fields) => ({
        bcid: 'gs1-128' as const,
        fields,
        text: gs1ElementString(fields),
        modules: modules('gs1-128', bwipText(fields), true),
      }))
    : [{ bcid: 'code128' as const, fields: null, text: pallet.code, modules: modules('code128', pallet.code, false) }];
  const n = symbols.length;
  const available = LABEL.height - LABEL.margin - LABEL.barcodesTop;
  const lastHeight = LABEL.ssccBarHeight;
  const otherHeight = n > 1 ? Math.min(LABEL.otherBarHeight, (available - lastHeight - n * LABEL.textHeight - (n - 1) * LABEL.gap) / (n - 1)) : 0;
  // Room left over (three symbols or fewer) goes between the symbols, up to 6 mm more each, the rest above.
  const spare = available - lastHeight - (n - 1) * otherHeight - n * LABEL.textHeight - (n - 1) * LABEL.gap;
  const gap = LABEL.gap + (n > 1 ? Math.min(6 * MM, Math.max(0, spare) / n) : 0);
  let bottom = LABEL.height - LABEL.margin;
  const placed: LabelBarcode[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const s = symbols[i]!;
    const height = i === n - 1 ? lastHeight : otherHeight;
    const moduleWidth = Math.min(LABEL.targetModule, CONTENT_WIDTH / (s.modules + 2 * LABEL.quietModules));
    if (moduleWidth < LABEL.minModule) throw new RangeError(`${s.text}: too long for the label`);
    const width = s.modules * moduleWidth;
    const y = bottom - LABEL.textHeight - height;
    placed.unshift({ ...s, moduleWidth, x: LABEL.margin + (CONTENT_WIDTH - width) / 2, y, width, height });
    bottom = y - gap;
  }
  return placed;
}

/** The bars as a PNG, one pixel a module (a few rows high: the page stretches it to the bar height, edges unblurred). */
async function barsPng(b: LabelBarcode): Promise<Buffer> {
  const gs1 = b.bcid === 'gs1-128';
  const png = await bwip().toBuffer({
    bcid: b.bcid,
    text: gs1 ? bwipText(b.fields!) : b.text,
    parse: gs1,
    scale: 1,
    height: 2,
    includetext: false,
    backgroundcolor: 'FFFFFF',
  });
  // The PNG header's width: the modules counted for the layout, or the bars would be stretched.
  if (png.readUInt32BE(16) !== b.modules) throw new Error(`bwip-js drew ${png.readUInt32BE(16)} modules for ${b.text}, ${b.modules} expected`);
  return png;
}

/** Writes one line at `size` or smaller (down to `min`) so that it holds in `width`; answers the y under it. */
function line(
  doc: PDFKit.PDFDocument,
  s: string,
  x: number,
  y: number,
  width: number,
  font: string,
  size: number,
  opts: { align?: 'left' | 'center' | 'right'; min?: number } = {},
) {
  doc.font(font).fontSize(size);
  let fs = size;
  while (fs > (opts.min ?? 5.5) && doc.widthOfString(s) > width) doc.fontSize((fs -= 0.5));
  doc.text(s, x, y, { width, align: opts.align ?? 'left', lineBreak: false, ellipsis: true, height: fs * 1.3 });
  return y + fs * 1.25;
}

/** Writes `s` on `max` lines at most, the last cut with an ellipsis when it runs longer; answers the y under it. */
function lines(doc: PDFKit.PDFDocument, s: string, x: number, y: number, width: number, font: string, size: number, max: number) {
  doc.font(font).fontSize(size);
  const lh = doc.currentLineHeight(true);
  doc.text(s, x, y, { width, height: max * lh + 0.5, ellipsis: true });
  return Math.min(doc.y, y + max * lh);
}

/**
 * Renders the labels of all the order's pallets in one PDF, a 148 × 210 mm page each, in `lng`. The
 * barcodes are bwip-js's, its GS1 checks on (check digits, dates, set 82, country codes).
 */
export async function renderPalletLabels(model: PalletLabelModel, lng: Language): Promise<Buffer> {
  if (model.pallets.length === 0) throw new RangeError(`order ${model.orderNumber}: no pallet to label`);
  const t = (key: string, vars?: Record<string, string | number>) => documentText('pallets', lng, key, vars);
  const { doc, done } = newDocument({
    margin: 0,
    info: { Title: `${t('title')} ${model.orderNumber}`, Author: OPERATOR.name },
    options: { size: [LABEL.width, LABEL.height], autoFirstPage: false },
    fonts: ['regular', 'bold'],
  });
  const left = LABEL.margin;
  const width = CONTENT_WIDTH;
  const kg = (v: number) => t('kg', { kg: formatDecimal(v, lng, { maxDecimals: 2 }) });
  const l = model.lot;
  // "Pallet 3 of 5": the order's pallets, also when only some of them are printed again.
  const total = Math.max(model.pallets.length, ...model.pallets.map((p) => p.seq));

  for (const pallet of model.pallets) {
    const barcodes = palletLabelLayout(model, pallet);
    const pngs = await Promise.all(barcodes.map(barsPng));
    doc.addPage();

    // Title and the pallet's place in the shipment.
    let y = LABEL.margin;
    doc.rect(left, y, width, 1.2 * MM).fill(GREEN);
    y += 3 * MM;
    line(doc.fillColor(GREEN), t('title'), left, y, width * 0.55, 'bold', 12, { min: 8 });
    doc.fillColor(INK);
    line(doc, t('palletOf', { seq: pallet.seq, total }), left + width * 0.45, y - 1, width * 0.55, 'bold', 14, { align: 'right', min: 8 });
    y = 16 * MM;
    rule(doc, left, y, width, { lineWidth: 0.6, color: '#999999' });

    // From / To: names and streets on two lines at most, the rest on one each, so that the block
    // never runs into the next whatever the addresses.
    y += 2 * MM;
    const colW = (width - 6 * MM) / 2;
    const party = (title: string, p: PalletLabelModel['seller'], x: number) => {
      let py = line(doc.fillColor(GREEN), title.toUpperCase(), x, y, colW, 'bold', 7);
      py = lines(doc.fillColor(INK), p.companyName, x, py + 0.5, colW, 'bold', 9.5, 2);
      py = lines(doc, p.address, x, py + 0.5, colW, 'regular', 8, 2);
      py = line(doc, `${p.postalCode} ${p.city}`.trim(), x, py, colW, 'regular', 8);
      line(doc, p.countryName, x, py, colW, 'regular', 8);
    };
    party(t('from'), model.seller, left);
    party(t('to'), model.shipTo, left + colW + 6 * MM);
    y = 44 * MM;
    rule(doc, left, y, width, { lineWidth: 0.6, color: '#999999' });

    // The pallet's number: the SSCC, or the internal number flagged as not one.
    y += 1.5 * MM;
    if (pallet.gs1) {
      line(doc.fillColor(GREY), t('sscc'), left, y, width, 'regular', 7);
      line(doc.fillColor(INK), pallet.code, left, y + 8, width, 'bold', 18);
    } else {
      line(doc.fillColor(GREY), t('palletNumber'), left, y, width, 'regular', 7);
      line(doc.fillColor(INK), pallet.code, left, y + 8, width, 'bold', 16);
      line(doc.fillColor(WARN), t('internalNote'), left, y + 27, width, 'bold', 8.5);
    }
    y = 59.5 * MM;
    rule(doc, left, y, width, { lineWidth: 0.6, color: '#999999' });

    // What is on the pallet, three facts a row (a fact not known is left out).
    const facts: Array<[string, string]> = [];
    if (l.gtin && isValidGtin(l.gtin)) facts.push([t('content'), toGtin14(l.gtin)]);
    if (pallet.boxes !== null) facts.push([t('count'), String(pallet.boxes)]);
    facts.push([t('batch'), l.lotNumber]);
    facts.push([t('netWeight'), kg(pallet.netKg)]);
    if (pallet.grossKg !== null) facts.push([t('grossWeight'), kg(pallet.grossKg)]);
    if (l.packedOn) facts.push([t('packedOn'), formatDay(l.packedOn, lng)]);
    facts.push([t('origin'), l.originAlpha2 ? `${l.originName} (${l.originAlpha2.toUpperCase()})` : l.originName]);
    facts.push([t('order'), model.orderNumber]);
    const cellW = width / 3;
    y += 1.5 * MM;
    facts.forEach(([title, value], i) => {
      const x = left + (i % 3) * cellW;
      const cy = y + Math.floor(i / 3) * 8.3 * MM;
      line(doc.fillColor(GREY), title, x, cy, cellW - 3 * MM, 'regular', 7);
      line(doc.fillColor(INK), value, x, cy + 9, cellW - 3 * MM, 'bold', 10.5, { min: 6.5 });
    });
    y += Math.ceil(facts.length / 3) * 8.3 * MM;

    // The product, as sold: article · variety · size · class · packaging, on two lines at most.
    const product = [l.article, l.variety, l.caliber ? t('caliber', { caliber: l.caliber }) : null, l.qualityClass, l.packaging]
      .filter((s): s is string => !!s && s.trim() !== '')
      .join(' · ');
    line(doc.fillColor(GREY), t('product'), left, y, width, 'regular', 7);
    lines(doc.fillColor(INK), product, left, y + 8.5, width, 'regular', 9, 2);
    rule(doc, left, LABEL.barcodesTop - 2 * MM, width, { lineWidth: 0.6, color: '#999999' });

    // The barcodes, each with its element string under it; the SSCC at the bottom.
    barcodes.forEach((b, i) => {
      doc.image(pngs[i]!, b.x, b.y, { width: b.width, height: b.height });
      line(doc.fillColor(INK), b.text, left, b.y + b.height + 0.8 * MM, width, 'regular', 9, { align: 'center' });
    });
  }
  doc.end();
  return done;
}
