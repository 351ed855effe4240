import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BarcodeFormat, BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import fc from 'fast-check';
import countries from 'i18n-iso-countries';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSscc, gs1ElementString, isGs1Batch, isValidSscc } from '@primeur/shared';
import { LABEL, originNumericCode, palletLabelBarcodes, palletLabelLayout, renderPalletLabels, type PalletLabelModel } from './pallet-label.js';

type Element = [string, string];
const MM = 72 / 25.4;
const DPI = 300;

/** A GS1 seller's three pallets of clementines; the first SSCC is GS1's own example. */
function model(over: { lot?: Partial<PalletLabelModel['lot']>; pallets?: PalletLabelModel['pallets'] } = {}): PalletLabelModel {
  return {
    orderNumber: 'PRM-2026-000123',
    seller: { companyName: 'Frutas García S.L.', address: 'Camino de la Huerta 12', postalCode: '46000', city: 'Valencia', countryName: 'Espagne' },
    shipTo: { companyName: 'Primeurs de Rungis SARL', address: '1 rue de la Tour', postalCode: '94150', city: 'Rungis', countryName: 'France' },
    lot: {
      lotNumber: 'L123',
      gtin: '4006381333931',
      article: 'Clémentines',
      variety: 'Clemenules',
      caliber: '1-2',
      qualityClass: 'Catégorie I',
      packaging: 'Carton 10 kg',
      originAlpha2: 'ES',
      originName: 'Espagne',
      packedOn: '2026-11-20',
      ...over.lot,
    },
    pallets: over.pallets ?? [
      { seq: 1, code: buildSscc('0614141', 1_123_456_789), gs1: true, netKg: 950, grossKg: 1012.5, boxes: 80 },
      { seq: 2, code: buildSscc('0614141', 1_123_456_790), gs1: true, netKg: 1234.56, grossKg: null, boxes: 96 },
      { seq: 3, code: buildSscc('0614141', 1_123_456_791), gs1: true, netKg: 87.5, grossKg: 112.25, boxes: 7 },
    ],
  };
}

const internal = (seq: number) => ({ seq, code: `PRM-2026-000123-P0${seq}`, gs1: false, netKg: 900, grossKg: null, boxes: 80 });

/** GS1-128 data characters: AIs, values and an FNC1 after each variable-length element but the last. */
const dataCharacters = (symbol: Element[]) =>
  symbol.reduce((n, [ai, v], i) => n + ai.length + v.length + (i < symbol.length - 1 && !/^(0[0-4]|1[1-9]|20|3[1-6]|41)/.test(ai) ? 1 : 0), 0);

describe('the symbols of a pallet label', () => {
  it('encodes (02)+(37), then (3102)(13)(422)(10), then the SSCC last, for a GS1 pallet of boxes with a GTIN', () => {
    const m = model();
    expect(palletLabelBarcodes(m, m.pallets[0]!)).toEqual([
      [
        ['02', '04006381333931'],
        ['37', '80'],
      ],
      [
        ['3102', '095000'],
        ['13', '261120'],
        ['422', '724'],
        ['10', 'L123'],
      ],
      [['00', '106141411234567897']],
    ]);
    expect(palletLabelBarcodes(m, m.pallets[1]!)[1]![0]).toEqual(['3102', '123456']);
    expect(palletLabelBarcodes(m, m.pallets[2]!)[0]).toEqual([
      ['02', '04006381333931'],
      ['37', '7'],
    ]);
  });

  it('pads a GTIN-8 or GTIN-12 to 14 digits and leaves out what is not known or not encodable', () => {
    const m = model({ lot: { gtin: '96385074', packedOn: null, originAlpha2: 'VN', originName: 'Viêt Nam', lotNumber: 'LOT 12' } });
    expect(palletLabelBarcodes(m, m.pallets[0]!)).toEqual([
      [
        ['02', '00000096385074'],
        ['37', '80'],
      ],
      [['3102', '095000']],
      [['00', '106141411234567897']],
    ]);
    const heavy = model({
      lot: { gtin: '036000291452' },
      pallets: [{ seq: 1, code: buildSscc('0614141', 5), gs1: true, netKg: 10_000, grossKg: null, boxes: 80 }],
    });
    expect(palletLabelBarcodes(heavy, heavy.pallets[0]!)).toEqual([
      [
        ['02', '00036000291452'],
        ['37', '80'],
      ],
      [
        ['13', '261120'],
        ['422', '724'],
        ['10', 'L123'],
      ],
      [['00', buildSscc('0614141', 5)]],
    ]);
  });

  it('encodes the SSCC alone without a GTIN or without a box count (GS1 mandatory associations)', () => {
    const noGtin = model({ lot: { gtin: null } });
    expect(palletLabelBarcodes(noGtin, noGtin.pallets[0]!)).toEqual([[['00', '106141411234567897']]]);
    const badGtin = model({ lot: { gtin: '4006381333932' } });
    expect(palletLabelBarcodes(badGtin, badGtin.pallets[0]!)).toEqual([[['00', '106141411234567897']]]);
    const m = model();
    expect(palletLabelBarcodes(m, { ...m.pallets[0]!, boxes: null })).toEqual([[['00', '106141411234567897']]]);
  });

  it('has no GS1 symbol for an internal pallet number, and refuses a GS1 pallet without a valid SSCC', () => {
    const m = model({ pallets: [internal(1)] });
    expect(palletLabelBarcodes(m, m.pallets[0]!)).toEqual([]);
    const layout = palletLabelLayout(m, m.pallets[0]!);
    expect(layout).toHaveLength(1);
    expect(layout[0]).toMatchObject({ bcid: 'code128', fields: null, text: 'PRM-2026-000123-P01' });
    expect(() => palletLabelBarcodes(m, { ...m.pallets[0]!, gs1: true })).toThrow(RangeError);
    expect(() => palletLabelBarcodes(m, { ...m.pallets[0]!, gs1: true, code: '106141411234567898' })).toThrow(RangeError);
  });

  it('splits a long batch into a symbol of its own, each AI whole and in order', () => {
    const batch = 'ABCDEFGHIJ(KLM)NOPQR';
    const m = model({ lot: { lotNumber: batch } });
    const symbols = palletLabelBarcodes(m, m.pallets[0]!);
    expect(symbols.length).toBe(4);
    expect(symbols.flat()).toEqual([
      ['02', '04006381333931'],
      ['37', '80'],
      ['3102', '095000'],
      ['13', '261120'],
      ['422', '724'],
      ['10', batch],
      ['00', '106141411234567897'],
    ]);
    expect(symbols.at(-2)).toEqual([['10', batch]]);
    for (const s of symbols) expect(dataCharacters(s)).toBeLessThanOrEqual(48);
  });

  it('gives every symbol of any lot at most 48 data characters, room for its quiet zones and a readable module (property)', () => {
    const cset82 = [...'!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz'];
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...cset82), minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })),
        fc.constantFrom('ES', 'MA', 'ZA', 'VN', ''),
        (lotNumber, boxes, centiKg, packed, origin) => {
          expect(isGs1Batch(lotNumber)).toBe(true);
          const m = model({
            lot: { lotNumber, originAlpha2: origin, packedOn: packed ? packed.toISOString().slice(0, 10) : null },
            pallets: [{ seq: 1, code: '106141411234567897', gs1: true, netKg: centiKg / 100, grossKg: null, boxes }],
          });
          const symbols = palletLabelBarcodes(m, m.pallets[0]!);
          expect(symbols.at(-1)).toEqual([['00', '106141411234567897']]);
          expect(symbols.flat().map(([ai]) => ai)).toEqual(
            ['02', '37', '3102', packed ? '13' : null, origin && origin !== 'VN' ? '422' : null, '10', '00'].filter((ai) => ai !== null),
          );
          for (const s of symbols) expect(dataCharacters(s)).toBeLessThanOrEqual(48);
          // bwip-js lints each symbol (check digits, dates, set 82, countries) while laying it out.
          for (const b of palletLabelLayout(m, m.pallets[0]!)) {
            expect(b.moduleWidth).toBeGreaterThanOrEqual(LABEL.splitModule - 1e-9);
            expect(b.x - LABEL.quietModules * b.moduleWidth).toBeGreaterThanOrEqual(LABEL.margin - 1e-6);
            expect(b.x + b.width + LABEL.quietModules * b.moduleWidth).toBeLessThanOrEqual(LABEL.width - LABEL.margin + 1e-6);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('knows the ISO 3166 numeric code of the usual origins, as ISO says', () => {
    const usual = 'ES MA IT FR NL BE DE PT GR TR IL EG ZA CL PE AR BR CO CR EC MX US NZ KE IN CN CH GB PL AT'.split(' ');
    for (const a of usual) expect(originNumericCode(a), a).toBe(countries.alpha2ToNumeric(a));
    for (const a of Object.keys(countries.getAlpha2Codes())) {
      const code = originNumericCode(a);
      if (code !== null) expect(code, a).toBe(countries.alpha2ToNumeric(a));
    }
    expect(originNumericCode('es')).toBe('724');
    expect(originNumericCode('XX')).toBeNull();
  });

  it('lays the SSCC at the bottom at GS1 size, every symbol inside the label with its quiet zones', () => {
    for (const m of [model(), model({ lot: { gtin: null } }), model({ lot: { lotNumber: 'ABCDEFGHIJKLMNOPQRST' } }), model({ pallets: [internal(1)] })]) {
      const layout = palletLabelLayout(m, m.pallets[0]!);
      const last = layout.at(-1)!;
      expect(last.height).toBeGreaterThanOrEqual(25 * MM);
      expect(last.y + last.height + LABEL.textHeight).toBeLessThanOrEqual(LABEL.height - LABEL.margin + 1e-6);
      for (const [i, b] of layout.entries()) {
        expect(b.moduleWidth).toBeGreaterThanOrEqual(0.25 * MM);
        expect(b.moduleWidth).toBeLessThanOrEqual(0.5 * MM + 1e-9);
        expect(b.y).toBeGreaterThanOrEqual(LABEL.barcodesTop);
        expect(b.x - 10 * b.moduleWidth).toBeGreaterThanOrEqual(LABEL.margin - 1e-6);
        expect(b.x + b.width + 10 * b.moduleWidth).toBeLessThanOrEqual(LABEL.width - LABEL.margin + 1e-6);
        if (i > 0) expect(b.y).toBeGreaterThan(layout[i - 1]!.y + layout[i - 1]!.height + LABEL.textHeight);
      }
    }
  });
});

// --- Reading the printed labels back -------------------------------------------------------------

const work = mkdtempSync(path.join(tmpdir(), 'pallet-label-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each page of the PDF as a grey PNG at 300 dpi (poppler's pdftoppm, as a printer driver would). */
function rasterize(pdf: Buffer, name: string): string[] {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-png', file, path.join(work, name)]);
  return readdirSync(work)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => path.join(work, f));
}

const px = (pt: number) => (pt * DPI) / 72;

/** Reads the symbol drawn at `b` on the page image: its region with the quiet zones, in luminance, through zxing. */
async function decode(page: string, b: ReturnType<typeof palletLabelLayout>[number], gs1: boolean) {
  const quiet = LABEL.quietModules * b.moduleWidth;
  const left = Math.floor(px(b.x - quiet));
  const top = Math.ceil(px(b.y)) + 2;
  const width = Math.ceil(px(b.x + b.width + quiet)) - left;
  const height = Math.floor(px(b.y + b.height)) - 2 - top;
  const { data, info } = await sharp(page).extract({ left, top, width, height }).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  // The quiet zones are blank: nothing printed within 10 modules of the bars.
  const margin = Math.floor(px(quiet)) - 2;
  for (let y = 0; y < info.height; y += 7) {
    for (const x of [...Array(margin).keys(), ...Array.from({ length: margin }, (_, i) => info.width - 1 - i)]) {
      expect(data[y * info.width + x]!, `quiet zone of ${b.text}`).toBeGreaterThan(200);
    }
  }
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
    [DecodeHintType.ASSUME_GS1, gs1],
  ]);
  const source = new RGBLuminanceSource(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
}

/** The AIs the labels use: fixed-length ones with their length, the others end at a GS (FNC1) or the end. */
const FIXED: Record<string, number> = { '00': 18, '02': 14, '3102': 6, '13': 6 };
const VARIABLE = ['37', '10', '422'];

/** A GS1-128 read as zxing gives it (`]C1`, then the elements, a GS after each variable-length one but the last) into [AI, value]. */
function parseGs1(read: string): Element[] {
  expect(read.startsWith(']C1')).toBe(true);
  let s = read.slice(3);
  const out: Element[] = [];
  while (s.length > 0) {
    const ai = [...Object.keys(FIXED), ...VARIABLE].find((a) => s.startsWith(a));
    if (!ai) throw new Error(`no known AI at "${s}" in "${read}"`);
    s = s.slice(ai.length);
    const fixed = FIXED[ai];
    if (fixed) {
      out.push([ai, s.slice(0, fixed)]);
      s = s.slice(fixed);
    } else {
      const end = s.indexOf('\u001d');
      out.push([ai, end < 0 ? s : s.slice(0, end)]);
      s = end < 0 ? '' : s.slice(end + 1);
    }
  }
  return out;
}

/** Every page's text, read back with pdf.js (unpdf), spaces collapsed. */
async function pagesText(pdf: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((t) => t.replace(/[\s\u00a0\u202f]+/g, ' '));
}

describe('the printed pallet labels', () => {
  it('put each pallet on an A5 page whose barcodes read back as the model says, check digits included', async () => {
    const m = model();
    const pdf = await renderPalletLabels(m, 'fr');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    expect(doc.numPages).toBe(3);
    const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
    expect([width / MM, height / MM].map((v) => Math.round(v * 10) / 10)).toEqual([148, 210]);

    // For a look at the layout: PALLET_LABEL_PDF_OUT=/tmp/pallet-labels.pdf, then pdftoppm.
    if (process.env.PALLET_LABEL_PDF_OUT) writeFileSync(process.env.PALLET_LABEL_PDF_OUT, pdf);
    const pages = rasterize(pdf, 'gs1');
    expect(pages).toHaveLength(3);
    for (const [i, pallet] of m.pallets.entries()) {
      const layout = palletLabelLayout(m, pallet);
      expect(layout.map((b) => b.fields)).toEqual(palletLabelBarcodes(m, pallet));
      const read: Element[] = [];
      for (const b of layout) {
        const elements = parseGs1(await decode(pages[i]!, b, true));
        expect(elements, `page ${i + 1}, ${b.text}`).toEqual(b.fields);
        read.push(...elements);
      }
      const sscc = read.find(([ai]) => ai === '00')![1];
      expect(sscc).toBe(pallet.code);
      expect(isValidSscc(sscc)).toBe(true);
      expect(read).toContainEqual(['02', '04006381333931']);
      expect(read).toContainEqual(['37', String(pallet.boxes)]);
      expect(read).toContainEqual(['3102', String(Math.round(pallet.netKg * 100)).padStart(6, '0')]);
      expect(read).toContainEqual(['13', '261120']);
      expect(read).toContainEqual(['422', '724']);
      expect(read).toContainEqual(['10', 'L123']);
    }
  });

  it('reads a long batch with parentheses back whole, from a symbol of its own', async () => {
    const batch = 'AB(12)-CD/34.EF_g%h&';
    const m = model({ lot: { lotNumber: batch }, pallets: [model().pallets[1]!] });
    const [page] = rasterize(await renderPalletLabels(m, 'es'), 'batch');
    const layout = palletLabelLayout(m, m.pallets[0]!);
    expect(layout).toHaveLength(4);
    for (const b of layout) expect(parseGs1(await decode(page!, b, true))).toEqual(b.fields);
    expect(layout.map((b) => b.fields).flat()).toContainEqual(['10', batch]);
  });

  it('prints the internal number of a seller without a GS1 prefix as a plain Code 128, said not to be an SSCC', async () => {
    const m = model({ pallets: [internal(1), internal(2)] });
    const pdf = await renderPalletLabels(m, 'de');
    const pages = rasterize(pdf, 'internal');
    expect(pages).toHaveLength(2);
    const text = await pagesText(pdf);
    for (const [i, pallet] of m.pallets.entries()) {
      const [b, ...more] = palletLabelLayout(m, pallet);
      expect(more).toEqual([]);
      const read = await decode(pages[i]!, b!, true);
      // No FNC1 after the start: zxing would give ]C1 for a GS1-128.
      expect(read).toBe(pallet.code);
      expect(text[i]).toContain('Interne Palettennummer – keine GS1-SSCC');
      expect(text[i]).toContain(`Palettennummer ${pallet.code}`);
      expect(text[i]).not.toContain('SSCC (NVE)');
    }
  });

  it('writes the data in words under translated titles, in French and German', async () => {
    const m = model();
    const fr = await pagesText(await renderPalletLabels(m, 'fr'));
    expect(fr).toHaveLength(3);
    for (const [i, pallet] of m.pallets.entries()) {
      expect(fr[i]).toContain(`SSCC ${pallet.code}`);
      expect(fr[i]).toContain(`Palette ${pallet.seq} sur 3`);
      // The parties' titles in capitals.
      for (const title of [
        'EXPÉDITEUR',
        'DESTINATAIRE',
        'Contenu (GTIN)',
        'Nombre de colis',
        'Poids net',
        'Lot',
        'Date de conditionnement',
        'Origine',
        'Commande',
      ]) {
        expect(fr[i]).toContain(title);
      }
      expect(fr[i]).toContain('Frutas García S.L.');
      expect(fr[i]).toContain('Primeurs de Rungis SARL');
      expect(fr[i]).toContain('Clémentines · Clemenules · Calibre 1-2 · Catégorie I · Carton 10 kg');
      expect(fr[i]).toContain('20 nov. 2026');
      expect(fr[i]).toContain('Espagne (ES)');
      expect(fr[i]).toContain('PRM-2026-000123');
      // The element strings under the bars.
      for (const symbol of palletLabelBarcodes(m, pallet)) expect(fr[i]).toContain(gs1ElementString(symbol));
    }
    expect(fr[0]).toContain('Poids net 950 kg');
    expect(fr[0]).toContain('Poids brut 1 012,5 kg');
    expect(fr[1]).toContain('1 234,56 kg');
    expect(fr[1]).not.toContain('Poids brut');
    expect(fr[2]).toContain('Poids brut 112,25 kg');

    const de = await pagesText(await renderPalletLabels(m, 'de'));
    expect(de[1]).toContain('Palette 2 von 3');
    for (const title of ['ABSENDER', 'EMPFÄNGER', 'Inhalt (GTIN)', 'Anzahl Kolli', 'Nettogewicht', 'Charge / Los', 'Packdatum', 'Ursprung', 'Bestellung']) {
      expect(de[1]).toContain(title);
    }
    expect(de[0]).toContain('SSCC (NVE) 106141411234567897');
    expect(de[0]).toContain('Nettogewicht 950 kg');
    expect(de[0]).toContain('Bruttogewicht 1.012,5 kg');
    expect(de[1]).toContain('1.234,56 kg');
    expect(de[0]).toContain('20.11.2026');
  });
});
