import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { SCHEMAS, schemaErrors, type SchemaName } from '../../../test/en16931/schema.js';
import { fatal, validateCii, compiledRules } from '../../../test/en16931/validate.js';
import {
  buyerDE,
  buyerFR,
  commissionFR,
  creditNoteFR,
  domesticES,
  domesticFR,
  exportCH,
  intraEU,
  roundingFR,
  sellerES,
  sellerFR,
} from '../../../test/invoices.js';
import { readXmp, xmpBytes } from '../../../test/pdf-xmp.js';
import type { InvoiceInput } from './invoice-input.js';
import { prepareInvoice, type PreparedInvoice } from './invoicing.builder.js';
import { buildFacturX, buildInvoiceXml } from './invoicing.facturx.js';

const EXAMPLES = path.resolve(import.meta.dirname, '../../../test/en16931/examples');
/** Rendered invoices are kept here (not committed) to be looked at and turned into PNGs. */
const OUT = path.resolve(import.meta.dirname, '../../../../../.tmp/invoices');

function ready(input: InvoiceInput): PreparedInvoice {
  const outcome = prepareInvoice(input);
  if (outcome.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(outcome)}`);
  return outcome.invoice;
}

/** What a PDF/A-3 reader checks first: the associated files, the XMP packet, the output intent. */
async function pdfaFacts(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const af = doc.catalog.lookup(PDFName.of('AF'), PDFArray);
  const afRelationships = af.asArray().map((ref) => String(doc.context.lookup(ref, PDFDict).get(PDFName.of('AFRelationship'))).replace('/', ''));
  // UTF-8 and well-formed XML, or readXmp throws.
  const xmp = readXmp(await xmpBytes(pdf)).text;
  const intent = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
  // The size the file specification declares for factur-x.xml (its /Params), to match the bytes.
  const embedded = doc.context.lookup(af.lookup(0, PDFDict).lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')));
  if (!(embedded instanceof PDFRawStream)) throw new Error('no embedded file stream');
  const declaredSize = Number(String(embedded.dict.lookup(PDFName.of('Params'), PDFDict).get(PDFName.of('Size'))));
  return { afRelationships, xmp, outputIntent: String(intent.get(PDFName.of('S'))).replace('/', ''), declaredSize };
}

const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * BG-3 as the Factur-X EN 16931 schema orders it: in the header settlement right after the monetary
 * summation (BG-22), the number (BT-25) then the issue date (BT-26) in format 102 (YYYYMMDD).
 */
const bg3 = (number: string, yyyymmdd: string) =>
  new RegExp(
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>\\s*' +
      '<ram:InvoiceReferencedDocument>\\s*' +
      `<ram:IssuerAssignedID>${escapeRe(number)}</ram:IssuerAssignedID>\\s*` +
      `<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">${yyyymmdd}</qdt:DateTimeString>\\s*</ram:FormattedIssueDateTime>\\s*` +
      '</ram:InvoiceReferencedDocument>\\s*' +
      '</ram:ApplicableHeaderTradeSettlement>',
  );

beforeAll(() => {
  compiledRules();
  mkdirSync(OUT, { recursive: true });
}, 180_000);

describe('the EN 16931 validation harness', () => {
  it.each(readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml')))('passes the official example %s', (file) => {
    expect(fatal(validateCii(readFileSync(path.join(EXAMPLES, file), 'utf8')))).toEqual([]);
  });

  it('fails an official example whose total was changed (BR-CO-16)', () => {
    const xml = readFileSync(path.join(EXAMPLES, 'CII_example1.xml'), 'utf8');
    const broken = xml.replace(/(<ram:DuePayableAmount[^>]*>)([^<]*)</, (_, open: string, v: string) => `${open}${(Number(v) + 1).toFixed(2)}<`);
    expect(broken).not.toBe(xml);
    expect(fatal(validateCii(broken)).map((f) => f.id)).toContain('BR-CO-16');
  });
});

describe('the XML schema check (CII D16B and Factur-X EN 16931, from shared/)', () => {
  const schemas = Object.keys(SCHEMAS) as SchemaName[];
  // The example with a full delivery group (BG-13), so that moving or removing it is seen.
  const example = () => readFileSync(path.join(EXAMPLES, 'CII_business_example_01.xml'), 'utf8');

  it.each(readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml')))('passes the official example %s against both schemas', (file) => {
    expect(schemaErrors(readFileSync(path.join(EXAMPLES, file), 'utf8'))).toEqual([]);
  });

  it.each(schemas)('%s: refuses a document without ApplicableHeaderTradeDelivery, which both schemas require', (schema) => {
    const broken = example().replace(/<ram:ApplicableHeaderTradeDelivery>[\s\S]*?<\/ram:ApplicableHeaderTradeDelivery>/, '');
    expect(broken).not.toContain('ApplicableHeaderTradeDelivery');
    const errors = schemaErrors(broken, schema);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(new RegExp(`^${schema}: line \\d+: .*ApplicableHeaderTradeSettlement.*not expected.*ApplicableHeaderTradeDelivery`, 'm'));
  });

  it('refuses an element out of its order, which the EN 16931 rules do not look at', () => {
    const swapped = example().replace(
      /(<ram:ApplicableHeaderTradeAgreement>[\s\S]*?<\/ram:ApplicableHeaderTradeAgreement>)(\s*)(<ram:ApplicableHeaderTradeDelivery>[\s\S]*?<\/ram:ApplicableHeaderTradeDelivery>)/,
      '$3$2$1',
    );
    expect(swapped).not.toBe(example());
    expect(fatal(validateCii(swapped))).toEqual([]);
    expect(schemaErrors(swapped).map((e) => e.split(':')[0])).toEqual(schemas);
  });

  it('checks the Factur-X subset apart from D16B: a document name (no EN 16931 term) D16B admits, Factur-X EN 16931 does not', () => {
    const named = example().replace(/(<rsm:ExchangedDocument>\s*<ram:ID>[^<]*<\/ram:ID>)/, '$1<ram:Name>Invoice</ram:Name>');
    expect(named).not.toBe(example());
    expect(schemaErrors(named, 'CII D16B')).toEqual([]);
    expect(schemaErrors(named)).toEqual([expect.stringMatching(/^Factur-X EN 16931: line \d+: Element '\{[^}]+\}Name': This element is not expected/)]);
  });

  it('reports a document that is not well-formed instead of throwing', () => {
    const errors = schemaErrors('<rsm:CrossIndustryInvoice>');
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e).toMatch(/^not well-formed: line 1: /);
  });
});

describe('EN 16931 invoices built from an InvoiceInput', () => {
  const cases: Array<[string, InvoiceInput]> = [
    ['domestic France (5.5 %)', domesticFR()],
    ['domestic Spain (4 %)', domesticES()],
    ['intra-community France → Germany (K)', intraEU()],
    ['export Spain → Switzerland (G)', exportCH()],
    ['credit note (381)', creditNoteFR()],
    ['amounts that round', roundingFR()],
    ['no IBAN known', domesticFR({ payment: { termsText: '30 jours', dueDate: '2026-12-24', iban: null, bic: null } })],
    ['commission, France (20 %)', commissionFR()],
    ['commission, reverse charge to Spain (AE)', commissionFR({ buyer: sellerES, language: 'es' })],
  ];

  it.each(cases)('%s passes the official rules with no fatal failure and both XML schemas', async (_, input) => {
    const xml = await buildInvoiceXml(ready(input));
    expect(fatal(validateCii(xml))).toEqual([]);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('a deliberately broken invoice fails: a total changed → BR-CO-15/16', async () => {
    const xml = await buildInvoiceXml(ready(domesticFR()));
    const broken = xml.replace(/(<ram:GrandTotalAmount>)([^<]*)</, (_, open: string, v: string) => `${open}${(Number(v) + 0.01).toFixed(2)}<`);
    expect(broken).not.toBe(xml);
    const ids = fatal(validateCii(broken)).map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-CO-16']));
  });

  it('writes the domestic French invoice with kg lines, the €/kg price and VAT on the sum', async () => {
    const p = ready(domesticFR());
    const xml = await buildInvoiceXml(p);
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(tag(xml, 'TypeCode')).toContain('380');
    expect(xml).toContain('<ram:BilledQuantity unitCode="KGM">6412.5</ram:BilledQuantity>');
    expect(xml).toContain('<ram:BasisQuantity unitCode="KGM">1</ram:BasisQuantity>');
    // 6412.5 × 1.62 = 10388.25; 812.35 × 2.15 = 1746.5525 → 1746.55; VAT 5.5 % of 12134.80 = 667.414 → 667.41.
    expect(tag(xml, 'LineTotalAmount')).toEqual(['10388.25', '1746.55', '12134.80']);
    expect(tag(xml, 'CalculatedAmount')).toEqual(['667.41']);
    expect(tag(xml, 'GrandTotalAmount')).toEqual(['12802.21']);
    expect(tag(xml, 'RateApplicablePercent')).toContain('5.5');
    expect(tag(xml, 'IBANID')).toEqual(['FR7630006000011234567890189']);
    expect(tag(xml, 'Content').join('\n')).toContain('Incoterms® 2020)\u00a0: DAP Rungis');
    expect(xml).toContain('Les Vergers du Roussillon SARL');
    expect(xml).toContain('Pêche jaune');
  });

  it("carries a French seller's SIREN as BT-30 under scheme 0002, its legal form, capital and RCS as BT-33, and the buyer's SIREN of its SIRET as BT-47 (decision 968)", async () => {
    const xml = await buildInvoiceXml(ready(domesticFR({ buyer: { ...buyerFR, registrationId: '732 829 320 00074' } })));
    const seller = xml.slice(xml.indexOf('<ram:SellerTradeParty>'), xml.indexOf('</ram:SellerTradeParty>'));
    const buyer = xml.slice(xml.indexOf('<ram:BuyerTradeParty>'), xml.indexOf('</ram:BuyerTradeParty>'));
    expect(seller).toMatch(
      /<ram:Description>SARL, au capital de 15[\s\u00a0\u202f]000,00[\s\u00a0\u202f]€, RCS Perpignan 303265045<\/ram:Description>\s*<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">303265045<\/ram:ID>/,
    );
    expect(buyer).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">732829320<\/ram:ID>/);
    expect(buyer).not.toContain('<ram:Description>');
    expect(fatal(validateCii(xml))).toEqual([]);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('sends a foreign registration identifier as given, without a scheme, and no BT-33 for a seller without legal facts', async () => {
    const xml = await buildInvoiceXml(ready(intraEU()));
    expect(xml).toMatch(/<ram:SpecifiedLegalOrganization>\s*<ram:ID>HRB 12345<\/ram:ID>/);
    const noLegal = await buildInvoiceXml(ready(domesticFR({ seller: { ...sellerFR, legal: null } })));
    expect(noLegal.slice(noLegal.indexOf('<ram:SellerTradeParty>'), noLegal.indexOf('</ram:SellerTradeParty>'))).not.toContain('<ram:Description>');
  });

  it('writes the quality class, variety and packing date of a line as item attributes the rules accept, and only those known', async () => {
    const xml = await buildInvoiceXml(ready(domesticFR()));
    const characteristics = [
      ...xml.matchAll(/<ram:ApplicableProductCharacteristic>\s*<ram:Description>([^<]*)<\/ram:Description>\s*<ram:Value>([^<]*)<\/ram:Value>/g),
    ].map((m) => `${m[1]}=${m[2]}`);
    expect(characteristics).toEqual(['Calibre=A 67-73', 'Catégorie=I', 'Variété=Royal Summer', 'Conditionné le=20 nov. 2026', 'Calibre=45-50']);
    expect(fatal(validateCii(xml))).toEqual([]);
    expect(schemaErrors(xml)).toEqual([]);
  });

  it('an intra-community supply carries category K, 0 %, the exemption reason and both VAT numbers', async () => {
    const xml = await buildInvoiceXml(ready(intraEU()));
    expect(tag(xml, 'CategoryCode')).toEqual(expect.arrayContaining(['K']));
    expect(tag(xml, 'ExemptionReasonCode')).toEqual(['VATEX-EU-IC']);
    expect(tag(xml, 'ExemptionReason')[0]).toContain('Article 138');
    expect(xml).toContain('FR40303265045');
    expect(xml).toContain('DE123456789');
    expect(tag(xml, 'CalculatedAmount')).toEqual(['0.00']);
  });

  it('an export carries category G with its exemption reason', async () => {
    const xml = await buildInvoiceXml(ready(exportCH()));
    expect(tag(xml, 'CategoryCode')).toEqual(expect.arrayContaining(['G']));
    expect(tag(xml, 'ExemptionReasonCode')).toEqual(['VATEX-EU-G']);
  });

  it('a credit note is type 381 and names the invoice it corrects in its note', async () => {
    const xml = await buildInvoiceXml(ready(creditNoteFR()));
    expect(tag(xml, 'TypeCode')).toContain('381');
    expect(tag(xml, 'Content')[0]).toContain('Rectifie la facture VERROU-2026-00001 du 26 novembre 2026');
  });

  it('a credit note carries the invoice it corrects as BG-3: BT-25 its number, BT-26 its issue date', async () => {
    const xml = await buildInvoiceXml(ready(creditNoteFR()));
    expect(xml).toMatch(bg3('VERROU-2026-00001', '20261126'));
    expect(xml.match(/<ram:InvoiceReferencedDocument>/g)).toHaveLength(1);
    const other = await buildInvoiceXml(ready(creditNoteFR({ precedingInvoice: { number: 'VERROU-2026-00042', issueDate: '2026-10-05' } })));
    expect(other).toMatch(bg3('VERROU-2026-00042', '20261005'));
    expect(fatal(validateCii(other))).toEqual([]);
  });

  it('writes a preceding invoice number with XML special characters escaped', async () => {
    const xml = await buildInvoiceXml(ready(creditNoteFR({ precedingInvoice: { number: 'A&B <1>', issueDate: '2026-10-05' } })));
    expect(xml).toMatch(bg3('A&amp;B &lt;1&gt;', '20261005'));
    expect(fatal(validateCii(xml))).toEqual([]);
  });

  it('a commission, which has no delivery, still carries the header trade delivery both schemas require, empty', async () => {
    const xml = await buildInvoiceXml(ready(commissionFR()));
    expect(xml).toMatch(/<\/ram:ApplicableHeaderTradeAgreement>\s*<ram:ApplicableHeaderTradeDelivery\/>\s*<ram:ApplicableHeaderTradeSettlement>/);
    // A sale keeps its delivery date and place (BT-72, BG-15).
    expect(await buildInvoiceXml(ready(domesticFR()))).toMatch(/<ram:ApplicableHeaderTradeDelivery>\s*<ram:ShipToTradeParty>[\s\S]*<ram:OccurrenceDateTime>/);
  });

  it('an invoice refers to no preceding invoice', async () => {
    for (const input of [domesticFR(), intraEU()]) expect(await buildInvoiceXml(ready(input))).not.toContain('InvoiceReferencedDocument');
  });

  it('without an IBAN the invoice names no transfer it cannot complete (payment means 1) and says so', async () => {
    const prepared = ready(domesticFR({ payment: { termsText: '30 jours', dueDate: '2026-12-24', iban: null, bic: null } }));
    expect(prepared.warnings).toEqual(['SELLER_IBAN_MISSING']);
    const xml = await buildInvoiceXml(prepared);
    expect(tag(xml, 'IBANID')).toEqual([]);
    expect(xml).toMatch(/<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>1<\/ram:TypeCode>/);
  });

  it('a missing VAT number or address gives "needs data" with the reasons, never an invoice', () => {
    expect(prepareInvoice(intraEU({ buyer: { ...buyerDE, vatId: null } }))).toEqual({ status: 'needsData', reasons: ['BUYER_VAT_ID_MISSING'] });
    expect(prepareInvoice(domesticFR({ seller: { ...domesticFR().seller, vatId: null, addressLines: [] } }))).toEqual({
      status: 'needsData',
      reasons: ['SELLER_ADDRESS_MISSING', 'SELLER_VAT_ID_MISSING'],
    });
  });

  it('a domestic sale in a country without a rate line is refused, not guessed', () => {
    const at = { ...buyerDE, country: 'AT', vatId: 'ATU12345678' };
    expect(prepareInvoice(domesticFR({ seller: at, buyer: at, delivery: { date: '2026-11-24', country: 'AT' } }))).toEqual({
      status: 'unsupported',
      reason: 'NO_RATE_FOR_COUNTRY',
      country: 'AT',
    });
  });

  it('refuses inputs no caller should build (credit note without its invoice, kg with 4 decimals)', () => {
    expect(() => prepareInvoice(creditNoteFR({ precedingInvoice: null }))).toThrow();
    expect(() => prepareInvoice(domesticFR({ lines: [{ ...domesticFR().lines[0]!, quantityKg: 1.0001 }] }))).toThrow();
  });
});

describe('the Factur-X PDF', () => {
  const docs: Array<[string, InvoiceInput]> = [
    ['invoice-fr', domesticFR()],
    ['invoice-es', domesticES()],
    ['invoice-de-intra', intraEU()],
    ['invoice-en', exportCH({ language: 'en', payment: { termsText: '30 days after delivery', dueDate: '2026-12-24', iban: null, bic: null } })],
    [
      'invoice-de-long',
      intraEU({
        number: 'VERROU-2026-00005',
        lines: Array.from({ length: 45 }, (_, i) => ({
          article: i % 4 === 0 ? 'Tafeltrauben kernlos, Sorte „Sugraone“, in Kunststoffschalen à 500 g' : `Pfirsich gelb, Partie ${i + 1}`,
          origin: i % 2 ? 'ES' : 'FR',
          caliber: 'A 67-73',
          orderNumber: `PRM-2026-${String(200 + i).padStart(6, '0')}`,
          quantityKg: 1000 + i * 13.5,
          unitPrice: (110 + i) / 100,
        })),
      }),
    ],
    ['credit-note-fr', creditNoteFR()],
    ['invoice-fr-rounding', roundingFR()],
    ['commission-fr', commissionFR()],
  ];

  it.each(docs)('%s embeds factur-x.xml, the same XML, and passes the rules and both schemas', async (name, input) => {
    const p = ready(input);
    const { pdf, xml, pages } = await buildFacturX(p);
    writeFileSync(path.join(OUT, `${name}.pdf`), pdf);
    const head = pdf.subarray(0, 8).toString('latin1');
    expect(head).toBe('%PDF-1.7');
    if (name === 'invoice-de-long') expect(pages).toBeGreaterThanOrEqual(3);
    else expect(pages).toBe(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'facturx-'));
    try {
      const file = path.join(dir, 'invoice.pdf');
      writeFileSync(file, pdf);
      const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
      expect(list).toMatch(/1: factur-x\.xml/);
      execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'factur-x.xml'), file]);
      const embedded = readFileSync(path.join(dir, 'factur-x.xml'), 'utf8');
      expect(embedded).toBe(xml);
      if (input.precedingInvoice) expect(embedded).toMatch(bg3(input.precedingInvoice.number, input.precedingInvoice.issueDate.replaceAll('-', '')));
      else expect(embedded).not.toContain('InvoiceReferencedDocument');
      expect(fatal(validateCii(embedded))).toEqual([]);
      expect(schemaErrors(embedded)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const facts = await pdfaFacts(pdf);
    expect(facts.afRelationships).toEqual(['Alternative']);
    expect(facts.declaredSize).toBe(Buffer.byteLength(xml, 'utf8'));
    expect(facts.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(facts.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(facts.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(facts.outputIntent).toBe('GTS_PDFA1');
  });

  it("prints a French seller's SIREN, legal form, capital and RCS, and each line's class, variety and packing date", async () => {
    const { pdf } = await buildFacturX(ready(domesticFR({ buyer: { ...buyerFR, registrationId: '73282932000074' } })));
    const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf })
      .toString('utf8')
      .replace(/[\s\u00a0\u202f]+/g, ' ');
    expect(text).toContain('SIREN : 303265045');
    expect(text).toContain('SARL, au capital de 15 000,00 €, RCS Perpignan 303265045');
    expect(text).toContain('SIRET : 73282932000074');
    expect(text).toContain('Catégorie : I');
    expect(text).toContain('Variété : Royal Summer');
    expect(text).toContain('Conditionné le : 20 nov. 2026');
  });

  it('reads in the buyer language with every accent', async () => {
    const { pdf } = await buildFacturX(ready(intraEU()));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('Rechnung');
    expect(text).toContain('Frischmarkt Müller & Söhne GmbH');
    expect(text).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect(text).toContain('14.208,00 €');
    expect(text).toContain('Les Vergers du Roussillon SARL');
  });

  it.each(['de', 'en', 'es', 'fr'] as const)('names the corrected invoice of a credit note in %s on whole lines, not broken into slivers', async (language) => {
    const { pdf } = await buildFacturX(ready(creditNoteFR({ language })));
    // pdftotext (poppler) reads the page as a person would: each line of the header as it is drawn.
    const lines = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf })
      .toString('utf8')
      .split('\n')
      .map((l) => l.replace(/[\s\u00a0\u202f]+/g, ' ').trim());
    const label = { de: 'Berichtigte Rechnung', en: 'Corrected invoice', es: 'Factura rectificada', fr: 'Facture rectifiée' }[language];
    const day = { de: '26.11.2026', en: '26 Nov 2026', es: '26 nov 2026', fr: '26 nov. 2026' }[language];
    expect(lines.some((l) => l.endsWith(label))).toBe(true);
    expect(lines.some((l) => l.endsWith(`VERROU-2026-00001 · ${day}`))).toBe(true);
  });
});

describe('the XMP metadata of the PDF/A-3', () => {
  const utf8 = (s: string) => new TextEncoder().encode(s);

  it('is read as a PDF/A validator reads it: a Latin-1 byte or a packet that is not XML is refused', () => {
    expect(readXmp(utf8('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')).creator).toEqual([]);
    // "Almería" with í written as the single byte 0xED, as the library wrote it.
    const latin1 = Uint8Array.from([...utf8('<x:xmpmeta xmlns:x="adobe:ns:meta/">Almer'), 0xed, ...utf8('a</x:xmpmeta>')]);
    expect(() => readXmp(latin1)).toThrow(TypeError);
    expect(() => readXmp(utf8('<x:xmpmeta xmlns:x="adobe:ns:meta/"><b></x:xmpmeta>'))).toThrow();
  });

  const names = ['Huerta de Almería', 'Müller Frischdienst', 'Øresund Frugt', 'Škoda Agro'];
  it.each(names.map((seller, i) => [seller, names[(i + 1) % names.length]!]))(
    'seller “%s”, buyer “%s”: the packet is UTF-8 XML that names the seller, as poppler reads it too',
    async (seller, buyer) => {
      const { pdf, xml } = await buildFacturX(ready(domesticFR({ seller: { ...sellerFR, name: seller }, buyer: { ...buyerFR, name: buyer } })));
      const bytes = await xmpBytes(pdf);
      const xmp = readXmp(bytes);
      // The packet header's BOM is U+FEFF in UTF-8 (EF BB BF), the packet's declared encoding.
      expect(xmp.text.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
      expect(xmp.creator).toEqual([seller]);
      expect(xmp.producer).toBe(seller);
      for (const text of [...xmp.title, ...xmp.description]) expect(text).toContain(seller);
      expect(xmp.documentFileName).toBe('factur-x.xml');
      expect(xml).toContain(`<ram:Name>${seller}</ram:Name>`);
      expect(xml).toContain(`<ram:Name>${buyer}</ram:Name>`);
      // An independent reader of the same stream: poppler's pdfinfo prints the packet's bytes as stored.
      const dir = mkdtempSync(path.join(tmpdir(), 'xmp-'));
      try {
        writeFileSync(path.join(dir, 'invoice.pdf'), pdf);
        const printed = execFileSync('pdfinfo', ['-meta', path.join(dir, 'invoice.pdf')]);
        expect(readXmp(printed).creator).toEqual([seller]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
