/**
 * Which VAT an invoice for fresh fruit and vegetables carries, by rule, from one table (decision 761).
 *
 * Every line of the tables says where it comes from and on which day it was entered, so a reviewer
 * can check it against the law and a change is a visible edit of one line. A sale that no rule
 * covers is never guessed: the caller gets `needsData` (a fact is missing, the invoice waits until
 * it is given) or `unsupported` (the case is not in the table yet), never an invoice with a wrong
 * rate.
 */

/** The 27 member states of the EU VAT area, by ISO 3166-1 alpha-2 code. */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountry = (typeof EU_COUNTRIES)[number];

export const EU_COUNTRIES_SOURCE = 'Council Directive 2006/112/EC, art. 5 and 6 (territory); 27 member states since 1 February 2020';

/**
 * Countries outside the list that belong to a member state's VAT territory: Monaco is treated as
 * France (Directive 2006/112/EC art. 7; French-Monegasque convention of 18 May 1963).
 */
export const VAT_TERRITORY_OF: Readonly<Record<string, EuCountry>> = { MC: 'FR' };

export function vatTerritory(country: string): string {
  const c = country.toUpperCase();
  return VAT_TERRITORY_OF[c] ?? c;
}

export function isEuVatCountry(country: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(vatTerritory(country));
}

/** VAT numbers start with the country code, except Greece's (EL). */
export function vatIdPrefix(country: string): string {
  const c = vatTerritory(country);
  return c === 'GR' ? 'EL' : c;
}

export interface DomesticRate {
  country: EuCountry;
  /** Percent, e.g. 5.5. */
  ratePercent: number;
  /** The legal text that sets the rate for fresh fruit and vegetables (mainland territory). */
  source: string;
  /** The day this line was entered or last checked (ISO). */
  recordedOn: string;
}

/**
 * The reduced rate that applies to fresh fruit and vegetables sold within one country. A country
 * that is not here is refused until its line is added with its source.
 */
export const FRESH_PRODUCE_VAT_RATES: readonly DomesticRate[] = [
  { country: 'FR', ratePercent: 5.5, source: 'Code général des impôts, art. 278-0 bis A (produits alimentaires)', recordedOn: '2026-11-26' },
  { country: 'ES', ratePercent: 4, source: 'Ley 37/1992 del IVA, art. 91.Dos.1.1º (frutas, verduras, hortalizas)', recordedOn: '2026-11-26' },
  { country: 'IT', ratePercent: 4, source: 'DPR 633/1972, Tabella A, parte II (ortaggi e frutta freschi)', recordedOn: '2026-11-26' },
  { country: 'DE', ratePercent: 7, source: 'UStG § 12 Abs. 2 Nr. 1 mit Anlage 2 (Gemüse, genießbare Früchte)', recordedOn: '2026-11-26' },
  { country: 'BE', ratePercent: 6, source: 'Arrêté royal n° 20 du 20 juillet 1970, tableau A (denrées alimentaires)', recordedOn: '2026-11-26' },
  {
    country: 'NL',
    ratePercent: 9,
    source: 'Wet op de omzetbelasting 1968, tabel I, post a.1 (voedingsmiddelen); 9 % since 2019-01-01',
    recordedOn: '2026-11-26',
  },
  { country: 'PT', ratePercent: 6, source: 'Código do IVA, art. 18.º n.º 1 a) e Lista I (produtos hortícolas e frutas; Continente)', recordedOn: '2026-11-26' },
];

/** EN 16931 VAT category codes used here (UNTDID 5305): standard/reduced, intra-community, export. */
export type VatCategory = 'S' | 'K' | 'G' | 'AE';
export type VatRule = 'DOMESTIC' | 'INTRA_COMMUNITY' | 'EXPORT' | 'REVERSE_CHARGE';

export interface Exemption {
  /** CEF VATEX code (BT-121). */
  code: 'VATEX-EU-IC' | 'VATEX-EU-G' | 'VATEX-EU-AE';
  /** The reason as printed in the XML (BT-120); the PDF prints it in the reader's language. */
  text: string;
  source: string;
  recordedOn: string;
}

export const EXEMPTIONS: Readonly<Record<'INTRA_COMMUNITY' | 'EXPORT' | 'REVERSE_CHARGE', Exemption>> = {
  REVERSE_CHARGE: {
    code: 'VATEX-EU-AE',
    text: 'Reverse charge: VAT due by the customer under Articles 44 and 196 of Council Directive 2006/112/EC',
    source: 'Council Directive 2006/112/EC, art. 44 (place of supply of B2B services) and 196 (customer liable); EN 16931 BR-AE-02, BR-AE-10',
    recordedOn: '2026-11-26',
  },
  INTRA_COMMUNITY: {
    code: 'VATEX-EU-IC',
    text: 'Intra-community supply of goods, exempt under Article 138 of Council Directive 2006/112/EC',
    source: 'Council Directive 2006/112/EC, art. 138(1); EN 16931 BR-IC-02, BR-IC-10; CEF VATEX code list',
    recordedOn: '2026-11-26',
  },
  EXPORT: {
    code: 'VATEX-EU-G',
    text: 'Export of goods outside the EU, exempt under Article 146 of Council Directive 2006/112/EC',
    source: 'Council Directive 2006/112/EC, art. 146(1)(a); EN 16931 BR-G-02, BR-G-10; CEF VATEX code list',
    recordedOn: '2026-11-26',
  },
};

export interface VatParty {
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatId: string | null;
}

export interface VatInput {
  seller: VatParty;
  buyer: VatParty;
  /** Where the goods go; the buyer's country when not given. */
  destinationCountry?: string | null;
}

export type VatNeed =
  /** The seller has no VAT number: every rule needs it (BR-S-02, BR-IC-02, BR-G-02). */
  | 'SELLER_VAT_ID_MISSING'
  /** An intra-community supply needs the buyer's VAT number (BR-IC-02). */
  | 'BUYER_VAT_ID_MISSING'
  /** A VAT number that does not start with its party's country code (BR-CO-09). */
  | 'SELLER_VAT_ID_COUNTRY'
  | 'BUYER_VAT_ID_COUNTRY';

export type VatUnsupported =
  /** Domestic sale in a country whose rate is not in the table. */
  | 'NO_RATE_FOR_COUNTRY'
  /** The seller is not established in the EU VAT area. */
  | 'SELLER_OUTSIDE_EU';

export type VatDecision =
  | {
      status: 'ok';
      rule: VatRule;
      category: VatCategory;
      ratePercent: number;
      exemption: Exemption | null;
      /** The table line (or lines) that decided. */
      source: string;
      /** Whether the buyer's VAT number must be printed (always when the buyer has one). */
      buyerVatIdRequired: boolean;
    }
  | { status: 'needsData'; reasons: VatNeed[] }
  | { status: 'unsupported'; reason: VatUnsupported; country: string };

const VAT_ID_SHAPE = /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/;

/** Upper case without spaces, dots or dashes: "fr 40 303.265-045" → "FR40303265045". */
export function normalizeVatId(vatId: string | null | undefined): string | null {
  if (!vatId) return null;
  const s = vatId.toUpperCase().replace(/[\s.-]/g, '');
  return s === '' ? null : s;
}

function vatIdMatches(vatId: string, country: string): boolean {
  return VAT_ID_SHAPE.test(vatId) && vatId.startsWith(vatIdPrefix(country));
}

export function decideVat(input: VatInput): VatDecision {
  const sellerCountry = vatTerritory(input.seller.country);
  const buyerCountry = vatTerritory(input.buyer.country);
  const destination = vatTerritory(input.destinationCountry ?? input.buyer.country);
  if (!isEuVatCountry(sellerCountry)) return { status: 'unsupported', reason: 'SELLER_OUTSIDE_EU', country: sellerCountry };

  const sellerVat = normalizeVatId(input.seller.vatId);
  const buyerVat = normalizeVatId(input.buyer.vatId);
  const needs: VatNeed[] = [];
  if (!sellerVat) needs.push('SELLER_VAT_ID_MISSING');
  else if (!vatIdMatches(sellerVat, sellerCountry)) needs.push('SELLER_VAT_ID_COUNTRY');

  if (!isEuVatCountry(destination)) {
    if (needs.length) return { status: 'needsData', reasons: needs };
    const ex = EXEMPTIONS.EXPORT;
    return { status: 'ok', rule: 'EXPORT', category: 'G', ratePercent: 0, exemption: ex, source: ex.source, buyerVatIdRequired: false };
  }

  if (destination !== sellerCountry) {
    if (!buyerVat) needs.push('BUYER_VAT_ID_MISSING');
    // The buyer's number comes from the member state the goods go to, or from another one than the seller's.
    else if (!VAT_ID_SHAPE.test(buyerVat) || buyerVat.startsWith(vatIdPrefix(sellerCountry)) || !isEuVatCountry(prefixCountry(buyerVat)))
      needs.push('BUYER_VAT_ID_COUNTRY');
    if (needs.length) return { status: 'needsData', reasons: needs };
    const ex = EXEMPTIONS.INTRA_COMMUNITY;
    return { status: 'ok', rule: 'INTRA_COMMUNITY', category: 'K', ratePercent: 0, exemption: ex, source: ex.source, buyerVatIdRequired: true };
  }

  if (buyerVat && isEuVatCountry(buyerCountry) && !vatIdMatches(buyerVat, buyerCountry)) needs.push('BUYER_VAT_ID_COUNTRY');
  if (needs.length) return { status: 'needsData', reasons: needs };
  const rate = FRESH_PRODUCE_VAT_RATES.find((r) => r.country === sellerCountry);
  if (!rate) return { status: 'unsupported', reason: 'NO_RATE_FOR_COUNTRY', country: sellerCountry };
  return { status: 'ok', rule: 'DOMESTIC', category: 'S', ratePercent: rate.ratePercent, exemption: null, source: rate.source, buyerVatIdRequired: false };
}

function prefixCountry(vatId: string): string {
  const p = vatId.slice(0, 2);
  return p === 'EL' ? 'GR' : p;
}

/**
 * The standard rate of a service (the operator's commission) supplied within one country. Only
 * the operator's own country is ever needed; a country that is not here is refused until added.
 */
export const SERVICE_STANDARD_VAT_RATES: readonly DomesticRate[] = [
  { country: 'FR', ratePercent: 20, source: 'Code général des impôts, art. 278 (taux normal)', recordedOn: '2026-11-26' },
  { country: 'ES', ratePercent: 21, source: 'Ley 37/1992 del IVA, art. 90.Uno (tipo general)', recordedOn: '2026-11-26' },
  { country: 'IT', ratePercent: 22, source: 'DPR 633/1972, art. 16 (aliquota ordinaria)', recordedOn: '2026-11-26' },
  { country: 'DE', ratePercent: 19, source: 'UStG § 12 Abs. 1 (allgemeiner Steuersatz)', recordedOn: '2026-11-26' },
  { country: 'BE', ratePercent: 21, source: 'Arrêté royal n° 20 du 20 juillet 1970, art. 1er (taux normal)', recordedOn: '2026-11-26' },
  { country: 'NL', ratePercent: 21, source: 'Wet op de omzetbelasting 1968, art. 9 lid 1 (algemeen tarief)', recordedOn: '2026-11-26' },
  { country: 'PT', ratePercent: 23, source: 'Código do IVA, art. 18.º n.º 1 c) (taxa normal, Continente)', recordedOn: '2026-11-26' },
];

export type CommissionVatUnsupported = VatUnsupported | 'CUSTOMER_OUTSIDE_EU';

export type CommissionVatDecision =
  Extract<VatDecision, { status: 'ok' | 'needsData' }> | { status: 'unsupported'; reason: CommissionVatUnsupported; country: string };

/**
 * The VAT of the operator's commission to a seller (decision 850), a B2B service whose place of
 * supply is the customer's country (Directive 2006/112/EC art. 44): the same country → the
 * operator's standard rate (S); another member state → reverse charge (AE, 0 %, both VAT numbers);
 * outside the EU → not handled yet (category O forbids the VAT numbers we always print).
 */
export function decideCommissionVat(input: { operator: VatParty; customer: VatParty }): CommissionVatDecision {
  const opCountry = vatTerritory(input.operator.country);
  const cuCountry = vatTerritory(input.customer.country);
  if (!isEuVatCountry(opCountry)) return { status: 'unsupported', reason: 'SELLER_OUTSIDE_EU', country: opCountry };
  if (!isEuVatCountry(cuCountry)) return { status: 'unsupported', reason: 'CUSTOMER_OUTSIDE_EU', country: cuCountry };
  const opVat = normalizeVatId(input.operator.vatId);
  const cuVat = normalizeVatId(input.customer.vatId);
  const needs: VatNeed[] = [];
  if (!opVat) needs.push('SELLER_VAT_ID_MISSING');
  else if (!vatIdMatches(opVat, opCountry)) needs.push('SELLER_VAT_ID_COUNTRY');
  if (cuCountry === opCountry) {
    if (cuVat && !vatIdMatches(cuVat, cuCountry)) needs.push('BUYER_VAT_ID_COUNTRY');
    if (needs.length) return { status: 'needsData', reasons: needs };
    const rate = SERVICE_STANDARD_VAT_RATES.find((r) => r.country === opCountry);
    if (!rate) return { status: 'unsupported', reason: 'NO_RATE_FOR_COUNTRY', country: opCountry };
    return { status: 'ok', rule: 'DOMESTIC', category: 'S', ratePercent: rate.ratePercent, exemption: null, source: rate.source, buyerVatIdRequired: false };
  }
  if (!cuVat) needs.push('BUYER_VAT_ID_MISSING');
  else if (!vatIdMatches(cuVat, cuCountry)) needs.push('BUYER_VAT_ID_COUNTRY');
  if (needs.length) return { status: 'needsData', reasons: needs };
  const ex = EXEMPTIONS.REVERSE_CHARGE;
  return { status: 'ok', rule: 'REVERSE_CHARGE', category: 'AE', ratePercent: 0, exemption: ex, source: ex.source, buyerVatIdRequired: true };
}
