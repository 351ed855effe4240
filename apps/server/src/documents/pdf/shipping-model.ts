import { newDocument } from './document.js';
import type { Language } from '@primeur/shared';
import { t as text } from '../email/i18n.js';

/**
 * What the shipping documents (CMR consignment note, delivery note) print: the order's snapshot and
 * its shipment. Built from the order row by the claims module; these files only lay it out.
 */
export interface ShippingParty {
  companyName: string;
  address: string;
  postalCode: string;
  city: string;
  countryAlpha2: string;
  countryName: string;
  vatId: string;
  email: string;
}

export interface ShippingDocModel {
  number: string;
  /** True while the order is CONFIRMED: the documents print as drafts (decision 800). */
  draft: boolean;
  createdAt: Date;
  seller: ShippingParty;
  buyer: ShippingParty;
  deliveryAddress: { address: string; postalCode: string; city: string; countryAlpha2: string };
  requestedDeliveryDate: string | null;
  incoterm: string;
  incotermPlace: string;
  lot: {
    productId: number;
    article: { en: string; fr: string; de: string; es: string };
    title: string;
    caliber: string;
    originAlpha2: string;
    originName: string;
    packaging: string;
    netKgPerPallet: number | null;
    boxesPerPallet: number | null;
    netKgPerBox: number | null;
    qualityClass: string | null;
    /** The lot's variety and packing day (issue 25); absent on orders made before they were asked. */
    variety?: string | null;
    packedOn?: string | null;
  };
  /** HS chapter of the article's family ('07' vegetables, '08' fruit), null when unknown. */
  hsChapter: '07' | '08' | null;
  /** Pallets ordered, and what was shipped (null on a draft). */
  pallets: number;
  estimatedNetKg: number | null;
  shipment: { pallets: number; netKg: number; departureDate: string; vehiclePlate: string; carrierName: string | null } | null;
  receipt: { pallets: number; netKg: number; receivedAt: Date; automatic: boolean; differences: string | null } | null;
  /** The shipment's pallets as numbered and weighed at shipping (issue 37); empty on a draft and on orders shipped before. */
  palletList: Array<{ seq: number; code: string; gs1: boolean; netKg: number; grossKg: number | null; boxes: number | null }>;
  claimWindowHours: number;
}

export { GREEN, GREY, countryName } from './document.js';
export const INK = '#000000';
export const LINE = '#333333';

/** A4 with the DejaVu faces registered (every European accent prints) and the bytes collected. */
export const newShippingDocument = (title: string, author: string, margin: number) =>
  newDocument({ margin, info: { Title: title, Author: author }, fonts: ['regular', 'bold', 'italic', 'condensed', 'condensed-bold'] });

/** The shipping documents' texts (namespace `claimDocs`) in `lng`. */
export const docText = (lng: Language) => (key: string, vars?: Record<string, string | number>) => text(lng, key, vars, 'claimDocs');

export const addressLines = (p: { address: string; postalCode: string; city: string; countryAlpha2: string }, country: string) =>
  [p.address, `${p.postalCode} ${p.city}`.trim(), country].filter((s) => s.trim() !== '');

/** The reader's language and the second language of bilingual labels: English, or French for an English reader. */
export const secondLanguage = (lng: Language): Language => (lng === 'en' ? 'fr' : 'en');

/** A diagonal "DRAFT" across the page for documents of orders not yet shipped. */
export function draftMark(doc: PDFKit.PDFDocument, label: string) {
  doc.save();
  doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc
    .font('bold')
    .fontSize(90)
    .fillColor('#d32f2f')
    .fillOpacity(0.12)
    .text(label, 0, doc.page.height / 2 - 50, { width: doc.page.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillOpacity(1);
}
