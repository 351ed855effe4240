import { isIsoDay, LANGUAGES, QUANTITY_DECIMALS, SINGLE_LINE_TEXT, UNIT_PRICE_DECIMALS } from '@primeur/shared';
import { z } from 'zod';

/**
 * Everything an invoice or a credit note says, as plain data: the orders (and claims) modules fill
 * it from their snapshots; the builder turns it into EN 16931 XML and a Factur-X PDF. Nothing here
 * reads the database, so the same input always gives the same document.
 */
const line = (max: number) => z.string().trim().max(max).regex(SINGLE_LINE_TEXT);
const day = z.string().refine(isIsoDay, 'expected YYYY-MM-DD');
const country = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, upper case');

const decimals = (n: number) => {
  const s = String(n);
  const dot = s.indexOf('.');
  return s.includes('e') ? Infinity : dot < 0 ? 0 : s.length - dot - 1;
};

export const invoicePartySchema = z.object({
  /** Legal name (BT-27 / BT-44). */
  name: line(200).min(1),
  /** Street lines, 0 to 3 (BT-35…BT-36, BT-162 / BT-50…BT-51, BT-163); none means "needs data". */
  addressLines: z.array(line(200)).max(3),
  postalCode: line(20),
  city: line(100),
  country,
  /** VAT identifier with its country prefix (BT-31 / BT-48); null when unknown. */
  vatId: line(40).nullable(),
  /** Company registration (SIREN/SIRET, CIF, Handelsregister…) (BT-30 / BT-47), printed and sent when known. */
  registrationId: line(40).nullable().default(null),
  /**
   * The seller's legal form, share capital (€) and registry city (RCS in France), which a French
   * invoice must state (Code de commerce R123-237); sent as BT-33 and printed (decision 968).
   */
  legal: z
    .object({ form: line(60).nullable(), shareCapital: z.number().nonnegative().nullable(), registryCity: line(100).nullable() })
    .nullable()
    .default(null),
  contact: z
    .object({ name: line(200).nullable(), phone: line(40).nullable(), email: line(254).nullable() })
    .nullable()
    .default(null),
});

export const invoiceLineSchema = z.object({
  /** The article as sold ("Tomate grappe"), BT-153. */
  article: line(200).min(1),
  /** Country of origin (BT-159). */
  origin: country.nullable(),
  caliber: line(50).nullable(),
  /**
   * Quality class, variety and packing day of the lot (EU marketing standard, Regulation 2023/2429
   * art. 6(4)): item attributes (BG-32) in the XML, printed on the line (decision 968).
   */
  qualityClass: line(20).nullable().default(null),
  variety: line(100).nullable().default(null),
  packedOn: day.nullable().default(null),
  /** The order this line comes from, printed on the line and sent in its description (BT-154). */
  orderNumber: line(40).nullable(),
  /** KGM: net kg of produce; C62: one service (a commission line, decision 850). */
  unit: z.enum(['KGM', 'C62']).default('KGM'),
  /** Net kg received (unit code KGM), or the number of units (C62). */
  quantityKg: z
    .number()
    .positive()
    .refine((n) => decimals(n) <= QUANTITY_DECIMALS, `at most ${QUANTITY_DECIMALS} decimals`),
  /** € per kg, excluding VAT. */
  unitPrice: z
    .number()
    .nonnegative()
    .refine((n) => decimals(n) <= UNIT_PRICE_DECIMALS, `at most ${UNIT_PRICE_DECIMALS} decimals`),
});

export const invoiceInputSchema = z
  .object({
    kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
    /**
     * SALE: produce sold by a seller, issued by the operator in its name (billing mandate).
     * COMMISSION: the operator's own invoice to a seller for its commission (decision 850).
     */
    purpose: z.enum(['SALE', 'COMMISSION']).default('SALE'),
    /** The period a commission invoice charges (BG-14), first and last day. */
    period: z.object({ start: day, end: day }).nullable().default(null),
    number: line(40).min(1),
    issueDate: day,
    /** The invoice a credit note corrects (BT-25, BT-26). */
    precedingInvoice: z
      .object({ number: line(40).min(1), issueDate: day })
      .nullable()
      .default(null),
    /** The buyer's language: the PDF is written in it. */
    language: z.enum(LANGUAGES),
    currency: z.literal('EUR').default('EUR'),
    seller: invoicePartySchema,
    buyer: invoicePartySchema,
    delivery: z.object({
      /** Actual delivery date (BT-72). */
      date: day,
      /** Deliver-to name, address and country (BT-70, BG-15); the goods' destination for VAT. */
      name: line(200).nullable().default(null),
      addressLines: z.array(line(200)).max(3).default([]),
      postalCode: line(20).default(''),
      city: line(100).default(''),
      country,
    }),
    /** Incoterm and its place ("FCA Perpignan"): EN 16931 has no field for it, so an invoice note carries it. */
    incoterm: z
      .object({ code: z.string().regex(/^[A-Z]{3}$/), place: line(100).nullable() })
      .nullable()
      .default(null),
    /** The order the whole document is about (BT-13), when there is one. */
    orderNumber: line(40).nullable().default(null),
    lines: z.array(invoiceLineSchema).min(1).max(2000),
    payment: z.object({
      /** The agreed terms in words, in the buyer's language (BT-20). */
      termsText: line(300).min(1),
      /** BT-9; see paymentDueDate in packages/shared for the legal cap. */
      dueDate: day,
      /** The seller's account; without it the invoice names no payment instrument (decision 763). */
      iban: z
        .string()
        .transform((s) => s.replace(/\s+/g, '').toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/))
        .nullable()
        .default(null),
      bic: z
        .string()
        .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
        .nullable()
        .default(null),
    }),
    /**
     * The weight a sale invoice's line is of (decision 981): RECEIVED, or SHIPPED (automatic receipt,
     * or a receipt disputed as a weight claim); a note (BT-22) says it in words. Null elsewhere.
     */
    weightBasis: z.enum(['SHIPPED', 'RECEIVED']).nullable().default(null),
    /** Free notes (BT-22), e.g. the claim a credit note settles; in the buyer's language. */
    notes: z.array(line(500)).max(5).default([]),
  })
  .refine((i) => (i.kind === 'CREDIT_NOTE') === (i.precedingInvoice !== null), {
    message: 'a credit note names the invoice it corrects, an invoice names none',
    path: ['precedingInvoice'],
  })
  .refine((i) => i.purpose === 'SALE' || (i.kind === 'INVOICE' && i.period !== null), {
    message: 'a commission invoice is an invoice for a period',
    path: ['period'],
  })
  .refine((i) => i.payment.dueDate >= i.issueDate, { message: 'due date before the issue date', path: ['payment', 'dueDate'] });

export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceData = z.output<typeof invoiceInputSchema>;
export type InvoiceParty = z.output<typeof invoicePartySchema>;
export type InvoiceLineInput = z.output<typeof invoiceLineSchema>;
