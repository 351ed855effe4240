import { z } from 'zod';
import { dbId, text } from './common.js';
import { ADDRESS_MAX_LENGTH, INCOTERMS, SUPPLIER_PACKAGINGS } from '../constants/limits.js';
import { city, country } from './location.js';
import { namedItem, transport, twoDecimals } from './catalog.js';
import { contact } from './contacts.js';
import { MAX_PAYMENT_TERM_DAYS } from '../invoicing/payment-terms.js';
import { productLink } from './product-links.js';

export const incoterm = z.enum(INCOTERMS);
export type Incoterm = z.infer<typeof incoterm>;

export const companyName = text().trim().min(1, 'required').max(160);

/** POST …/supplier/add and …/client/add. Omitted certificates and ict give the spec's defaults (none, CIF). */
export const addCompany = z.object({
  company: companyName,
  certificates: z.array(dbId).max(50).optional(),
  ict: incoterm.optional(),
});
export type AddCompany = z.input<typeof addCompany>;

export const ictBody = z.object({ value: incoterm });
export const discountBody = z.object({
  value: z.number().min(0, 'discountRange').max(100, 'discountRange').refine(twoDecimals, 'twoDecimals'),
});
/**
 * POST …/client/paymentTerms/{id} (decision 956): whole days from the invoice date, 0 (payable on
 * receipt) to the longest legal cap. A fraction is refused, never rounded: "30,5" is not a term.
 */
export const paymentTermsBody = z.object({
  value: z.number().int('wholeDays').min(0, 'paymentTermsRange').max(MAX_PAYMENT_TERM_DAYS, 'paymentTermsRange'),
});
/** The certificates of a company, replaced as a whole: a list of certificate ids. */
export const certificateIds = z
  .array(dbId)
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'duplicate');
export const packagingsBody = z.array(z.enum(SUPPLIER_PACKAGINGS)).refine((p) => new Set(p).size === p.length, 'duplicate');
export const idValueBody = z.object({ value: dbId });
/** The supplier's country (spec §7: "country id"): `{ value: id }` or the bare id itself. */
export const countryIdBody = z.union([idValueBody, dbId.transform((value) => ({ value }))]);
export const addressBody = z.object({ value: text().trim().max(ADDRESS_MAX_LENGTH) });

const companyBase = {
  id: z.number().int(),
  company: z.string(),
  certificates: z.array(namedItem),
  ict: incoterm,
  carrier: transport.nullable(),
  discount: z.number(),
  contacts: z.array(contact),
  products: z.array(productLink),
};

/** A supplier as spec §3 describes it. */
export const supplier = z.object({
  ...companyBase,
  packagings: z.array(z.enum(SUPPLIER_PACKAGINGS)),
  country: country.nullable(),
  city: city.nullable(),
  address: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

/**
 * A client as spec §3 describes it (no packagings, country or address), with its payment terms in
 * days from the invoice date (decision 956).
 */
export const client = z.object({ ...companyBase, paymentTermDays: z.number().int() });
export type Client = z.infer<typeof client>;

/** Pickers: GET …/supplier/getSuppliers and …/client/getClients. */
export const companyOption = z.object({ id: z.number().int(), company: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;
