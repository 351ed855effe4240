import type { EInvoiceFormat, FormatFactoryService, Invoice, InvoiceService } from '@e-invoice-eu/core';
import { renderInvoicePdf } from '../../documents/pdf/invoice.js';
import { FACTUR_X_FILENAME, toEInvoice, toPdfModel, type PreparedInvoice } from './invoicing.builder.js';

/**
 * The invoice as files (EN 16931, Factur-X): the CII XML completed where the e-invoice library leaves
 * out what the rules ask, embedded in the readable PDF with its XMP, as one PDF/A-3 and its XML.
 * What the invoice says is invoicing.builder.ts.
 */

const logger = {
  // The library reports through this; its warnings are about spreadsheet input we never give it.
  log: () => undefined,
  warn: () => undefined,
  error: (message: string) => console.error(`e-invoice-eu: ${message}`),
};
// Loaded with the first invoice rather than at start: the library and its PDF/A tools take seconds to
// load on a busy machine (decision 843).
let service: Promise<InvoiceService> | undefined;
const invoiceService = () =>
  (service ??= import('@e-invoice-eu/core').then((m) => {
    const s = new m.InvoiceService(logger);
    completeCii(s, m.FormatFactoryService);
    return s;
  }));

type PrecedingInvoiceRefs = NonNullable<Invoice['ubl:Invoice']['cac:BillingReference']>;
type XmlTree = Record<string, unknown>;
const isTree = (v: unknown): v is XmlTree => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What @e-invoice-eu/core 2.3.4 leaves out of the CII, put in by us just before the library renders
 * its CII tree (xmlbuilder2, which escapes the text) and embeds the result in the PDF/A-3: the library
 * still writes the attachment, its AFRelationship, its size and the XMP.
 * - BG-3 (preceding invoice, BT-25 and BT-26; decision 952): the library reads `cbc:ID` and
 *   `cbc:IssueDate` right under `cac:BillingReference`, where its own schema only admits
 *   `cac:InvoiceDocumentReference`, so the group never reaches the XML. Every formatter the service
 *   creates is given the `cac:BillingReference` we pass.
 * - `ram:ApplicableHeaderTradeDelivery` (decision 991): mandatory in the CII D16B and Factur-X
 *   schemas, even empty, but written by the library only from a `cac:Delivery`, which a commission
 *   (a service over a month, no delivery) has not.
 * - The XMP packet as UTF-8 bytes (decision 992): the library hands pdf-lib the packet as a string,
 *   which pdf-lib writes one byte per character, so "Almería" became Latin-1 (0xED) and "Škoda"
 *   lost its Š; the PDF was then no valid PDF/A-3.
 * - BT-33 (the seller's legal form, capital and registry, decision 968): the library's schema takes it
 *   as `cbc:CompanyLegalForm` (the UBL name), its CII mapping reads `cbc:LegalForm`, so it never
 *   reaches the XML; it is written as `ram:Description` of the seller trade party.
 * The factory sits in a private field of InvoiceService: if a version moves it, this throws at the
 * first invoice instead of leaving documents incomplete (and buildFacturX checks the result).
 */
function completeCii(s: InvoiceService, Factory: typeof FormatFactoryService) {
  const factory: unknown = Reflect.get(s, 'formatFactoryService');
  if (!(factory instanceof Factory)) throw new Error('@e-invoice-eu/core: InvoiceService has no formatFactoryService; see decision 952');
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, log) => {
    const formatter = create(format, log) as EInvoiceFormat & {
      renderXML?: (data: object) => string;
      addMetadata?: (pdfDoc: unknown, xmp: string | Uint8Array) => void;
    };
    const render = formatter.renderXML;
    if (typeof render !== 'function') throw new Error('@e-invoice-eu/core: a formatter without renderXML; see decision 952');
    const addMetadata = formatter.addMetadata;
    if (typeof addMetadata !== 'function') throw new Error('@e-invoice-eu/core: a Factur-X formatter without addMetadata; see decision 992');
    formatter.addMetadata = (pdfDoc, xmp) => addMetadata.call(formatter, pdfDoc, typeof xmp === 'string' ? xmpUtf8(xmp) : xmp);
    const generate = formatter.generate.bind(formatter);
    formatter.generate = (invoice, options) => {
      const refs = invoice['ubl:Invoice']['cac:BillingReference'] ?? [];
      const mention = invoice['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyLegalEntity']['cbc:CompanyLegalForm'];
      formatter.renderXML = (data) => {
        const complete = withSellerDescription(withHeaderTradeDelivery(data), mention);
        return render.call(formatter, refs.length ? withInvoiceReferencedDocuments(complete, refs) : complete);
      };
      return generate(invoice, options);
    };
    return formatter;
  };
}

/**
 * The XMP packet as UTF-8 bytes. The library writes the packet header's byte order mark as the three
 * characters "\u00EF\u00BB\u00BF", its UTF-8 bytes spelt one character each for a one-byte-per-character
 * writer; it becomes the character U+FEFF again before the whole packet is encoded.
 */
export function xmpUtf8(xmp: string): Uint8Array {
  return new TextEncoder().encode(xmp.replace(/^(<\?xpacket begin=")\u00EF\u00BB\u00BF/, '$1\uFEFF'));
}

/**
 * The CII tree with `ram:ApplicableHeaderTradeDelivery` where both schemas want it, between the header
 * trade agreement and the header trade settlement: empty when the library wrote none (as the official
 * EN 16931 examples write it for an invoice without delivery information), else left as it is.
 */
export function withHeaderTradeDelivery(cii: object): object {
  const root = (cii as XmlTree)['rsm:CrossIndustryInvoice'];
  const trade = isTree(root) ? root['rsm:SupplyChainTradeTransaction'] : undefined;
  if (!isTree(root) || !isTree(trade) || !('ram:ApplicableHeaderTradeSettlement' in trade)) throw new Error('CII without a header trade settlement');
  if ('ram:ApplicableHeaderTradeDelivery' in trade) return cii;
  const next: XmlTree = {};
  for (const [key, value] of Object.entries(trade)) {
    if (key === 'ram:ApplicableHeaderTradeSettlement') next['ram:ApplicableHeaderTradeDelivery'] = {};
    next[key] = value;
  }
  root['rsm:SupplyChainTradeTransaction'] = next;
  return cii;
}

/**
 * The CII tree with the seller's additional legal information (BT-33) as `ram:Description` of
 * `ram:SellerTradeParty`, where the CII schema orders it: after `ram:Name` (and a role code), before
 * `ram:SpecifiedLegalOrganization`. Without a text the tree is left as it is.
 */
export function withSellerDescription(cii: object, description: string | undefined): object {
  if (!description) return cii;
  const root = (cii as XmlTree)['rsm:CrossIndustryInvoice'];
  const trade = isTree(root) ? root['rsm:SupplyChainTradeTransaction'] : undefined;
  const agreement = isTree(trade) ? trade['ram:ApplicableHeaderTradeAgreement'] : undefined;
  const seller = isTree(agreement) ? agreement['ram:SellerTradeParty'] : undefined;
  if (!isTree(agreement) || !isTree(seller)) throw new Error('CII without a seller trade party');
  const before = ['ram:ID', 'ram:GlobalID', 'ram:Name', 'ram:RoleCode'];
  const next: XmlTree = {};
  let placed = false;
  for (const [key, value] of Object.entries(seller)) {
    if (key === 'ram:Description') continue;
    if (!placed && !before.includes(key)) {
      next['ram:Description'] = description;
      placed = true;
    }
    next[key] = value;
  }
  if (!placed) next['ram:Description'] = description;
  agreement['ram:SellerTradeParty'] = next;
  return cii;
}

/**
 * The CII tree with `ram:InvoiceReferencedDocument` (one per preceding invoice) where the Factur-X
 * EN 16931 schema wants it: in `ram:ApplicableHeaderTradeSettlement` right after
 * `ram:SpecifiedTradeSettlementHeaderMonetarySummation`, before
 * `ram:ReceivableSpecifiedTradeAccountingAccount`. A group the library already wrote is replaced.
 */
export function withInvoiceReferencedDocuments(cii: object, refs: PrecedingInvoiceRefs): object {
  const root = (cii as XmlTree)['rsm:CrossIndustryInvoice'];
  const trade = isTree(root) ? root['rsm:SupplyChainTradeTransaction'] : undefined;
  const settlement = isTree(trade) ? trade['ram:ApplicableHeaderTradeSettlement'] : undefined;
  if (!isTree(trade) || !isTree(settlement) || !('ram:SpecifiedTradeSettlementHeaderMonetarySummation' in settlement))
    throw new Error('CII without a header trade settlement and its monetary summation');
  const documents = refs.map(({ 'cac:InvoiceDocumentReference': d }) => ({
    'ram:IssuerAssignedID': d['cbc:ID'],
    ...(d['cbc:IssueDate']
      ? { 'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@format': '102', '#': d['cbc:IssueDate'].replaceAll('-', '') } } }
      : {}),
  }));
  const next: XmlTree = {};
  for (const [key, value] of Object.entries(settlement)) {
    if (key === 'ram:InvoiceReferencedDocument') continue;
    next[key] = value;
    if (key === 'ram:SpecifiedTradeSettlementHeaderMonetarySummation') next['ram:InvoiceReferencedDocument'] = documents;
  }
  trade['ram:ApplicableHeaderTradeSettlement'] = next;
  return cii;
}

/**
 * The readable PDF, then the Factur-X PDF/A-3 with the XML embedded as factur-x.xml. The XML given
 * back is the attachment read out of that PDF, so the XML sent alone and the one inside the PDF are
 * the same bytes by construction (the library's plain "CII" output differs from its Factur-X
 * EN 16931 one in which optional fields it keeps).
 */
export async function buildFacturX(p: PreparedInvoice): Promise<{ pdf: Buffer; xml: string; pages: number }> {
  const visual = await renderInvoicePdf(toPdfModel(p));
  return { ...(await embedFacturX(p, visual.pdf)), pages: visual.pages };
}

/**
 * The Factur-X PDF/A-3 made of a readable PDF already rendered, with the invoice's XML embedded, and
 * that XML as read back out of it. The property test (decision 967) gives a one-page PDF made once,
 * so that each of its hundreds of invoices gets its real XML without a second of rendering each.
 */
export async function embedFacturX(p: PreparedInvoice, visualPdf: Uint8Array): Promise<{ pdf: Buffer; xml: string }> {
  const pdf = await (
    await invoiceService()
  ).generate(toEInvoice(p), {
    format: 'Factur-X-EN16931',
    lang: p.data.language,
    noWarnings: true,
    pdf: { buffer: visualPdf, filename: `${p.data.number}.pdf`, mimetype: 'application/pdf' },
  });
  if (typeof pdf === 'string') throw new Error('Factur-X generation returned text');
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const attachment = (await PDFDocument.load(pdf, { updateMetadata: false })).getAttachments().find((a) => a.name === FACTUR_X_FILENAME);
  if (!attachment) throw new Error(`the Factur-X PDF has no ${FACTUR_X_FILENAME}`);
  const xml = new TextDecoder().decode(attachment.data);
  if (p.data.precedingInvoice && !xml.includes('<ram:InvoiceReferencedDocument>')) throw new Error('the credit note XML lacks BG-3 (decision 952)');
  if (!/<ram:ApplicableHeaderTradeDelivery\b/.test(xml)) throw new Error('the XML lacks ApplicableHeaderTradeDelivery (decision 991)');
  return { pdf: Buffer.from(pdf), xml };
}

/** The CII XML (Factur-X profile EN 16931) of a prepared invoice, as embedded in its PDF. */
export async function buildInvoiceXml(p: PreparedInvoice): Promise<string> {
  return (await buildFacturX(p)).xml;
}
