import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { XmlDocument } from 'libxml2-wasm';

/** The XMP namespaces a PDF/A-3 and Factur-X packet uses. */
const NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
};

export interface XmpFacts {
  /** The packet as text, decoded as UTF-8. */
  text: string;
  /** dc:creator, dc:title and dc:description (their rdf:li), pdf:Producer, fx:DocumentFileName. */
  creator: string[];
  title: string[];
  description: string[];
  producer: string | null;
  documentFileName: string | null;
}

/** The bytes of the catalog's /Metadata stream, as stored (an unfiltered stream, as PDF/A readers expect). */
export async function xmpBytes(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata')));
  if (!(stream instanceof PDFRawStream)) throw new Error('no XMP metadata stream');
  if (stream.dict.get(PDFName.of('Filter'))) throw new Error('the XMP metadata stream is filtered');
  return stream.getContents();
}

/**
 * Reads an XMP packet as a PDF/A validator does: the bytes must be UTF-8 (XMP's encoding; a
 * malformed sequence throws a TypeError here instead of becoming U+FFFD) and well-formed XML (libxml2
 * throws an XmlParseError otherwise); then the values that name the parties and the document.
 */
export function readXmp(bytes: Uint8Array): XmpFacts {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const doc = XmlDocument.fromString(text);
  try {
    const all = (xpath: string) => doc.find(xpath, NS).map((n) => n.content);
    const one = (xpath: string) => doc.get(xpath, NS)?.content ?? null;
    return {
      text,
      creator: all('//dc:creator/rdf:Seq/rdf:li'),
      title: all('//dc:title/rdf:Alt/rdf:li'),
      description: all('//dc:description/rdf:Alt/rdf:li'),
      producer: one('//pdf:Producer'),
      documentFileName: one('//fx:DocumentFileName'),
    };
  } finally {
    doc.dispose();
  }
}

/** The seller's name (BT-27) of a CII XML: the name its PDF's XMP gives as the creator. */
export function ciiSellerName(xml: string): string | null {
  const doc = XmlDocument.fromString(xml);
  try {
    return (
      doc.get('//ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name', {
        ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      })?.content ?? null
    );
  } finally {
    doc.dispose();
  }
}
