import type { Invoice } from '@e-invoice-eu/core';
import {
  centsToDecimal,
  computeInvoiceAmounts,
  decideCommissionVat,
  decideVat,
  type CommissionVatUnsupported,
  formatDay,
  formatEuro,
  normalizeVatId,
  SIREN_SCHEME_ID,
  sirenOf,
  type InvoiceAmounts,
  type VatDecision,
  type VatNeed,
} from '@primeur/shared';
import { documentText } from '../../documents/pdf/i18n.js';
import { type InvoicePdfModel } from '../../documents/pdf/invoice.js';
import { OPERATOR } from '../../documents/pdf/operator.js';
import { invoiceInputSchema, type InvoiceData, type InvoiceInput, type InvoiceParty } from './invoice-input.js';

/**
 * From a plain `InvoiceInput` to the two documents of a Factur-X invoice (decision 760): the CII XML
 * of profile EN 16931 and the PDF/A-3 that carries it. The amounts and the VAT are decided here by
 * the shared rules; `@e-invoice-eu/core` writes the XML and embeds it, so no XML is written by hand.
 * An input that lacks a fact the rules need gives `needsData` with the reasons, never a document.
 */

/** EN 16931 guideline of the Factur-X EN 16931 profile (BT-24). */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const FACTUR_X_FILENAME = 'factur-x.xml';

export type InvoiceNeed = VatNeed | 'SELLER_ADDRESS_MISSING' | 'BUYER_ADDRESS_MISSING';
/** Facts worth asking for that do not stop the invoice. */
export type InvoiceWarning = 'SELLER_IBAN_MISSING' | 'PAYMENT_TERM_CAPPED';

export interface PreparedInvoice {
  data: InvoiceData;
  vat: Extract<VatDecision, { status: 'ok' }>;
  amounts: InvoiceAmounts;
  warnings: InvoiceWarning[];
}

export type PrepareOutcome =
  | { status: 'ready'; invoice: PreparedInvoice }
  | { status: 'needsData'; reasons: InvoiceNeed[] }
  | { status: 'unsupported'; reason: CommissionVatUnsupported; country: string };

function addressMissing(p: InvoiceParty): boolean {
  return p.addressLines.every((l) => l === '') || p.city === '' || p.postalCode === '';
}

/**
 * Checks the input, decides the VAT and computes the amounts. Throws a ZodError on input that no
 * caller should build (a programming error); returns `needsData` for facts a user must still give.
 */
export function prepareInvoice(input: InvoiceInput): PrepareOutcome {
  const data = invoiceInputSchema.parse(input);
  const needs: InvoiceNeed[] = [];
  if (addressMissing(data.seller)) needs.push('SELLER_ADDRESS_MISSING');
  if (addressMissing(data.buyer)) needs.push('BUYER_ADDRESS_MISSING');
  const vat =
    data.purpose === 'COMMISSION'
      ? decideCommissionVat({ operator: data.seller, customer: data.buyer })
      : decideVat({ seller: data.seller, buyer: data.buyer, destinationCountry: data.delivery.country });
  if (vat.status === 'unsupported') return vat;
  if (vat.status === 'needsData') needs.push(...vat.reasons);
  if (needs.length || vat.status !== 'ok') return { status: 'needsData', reasons: needs };
  const amounts = computeInvoiceAmounts(
    data.lines.map((l) => ({ quantity: l.quantityKg, unitPrice: l.unitPrice, vat: { category: vat.category, ratePercent: vat.ratePercent } })),
  );
  const warnings: InvoiceWarning[] = [];
  if (data.kind === 'INVOICE' && !data.payment.iban) warnings.push('SELLER_IBAN_MISSING');
  return { status: 'ready', invoice: { data, vat, amounts, warnings } };
}

const EUR = 'EUR' as const;
const money = (cents: number) => centsToDecimal(cents);
/** The shortest decimal form, no trailing zeros: 1.5 → "1.5", 2 → "2". */
const decimal = (n: number) => String(Number(n.toFixed(4)));

function postalAddress(addressLines: string[], postalCode: string, city: string, country: string) {
  const [l1, l2, l3] = addressLines.filter((l) => l !== '');
  return {
    ...(l1 ? { 'cbc:StreetName': l1 } : {}),
    ...(l2 ? { 'cbc:AdditionalStreetName': l2 } : {}),
    ...(city ? { 'cbc:CityName': city } : {}),
    ...(postalCode ? { 'cbc:PostalZone': postalCode } : {}),
    ...(l3 ? { 'cac:AddressLine': { 'cbc:Line': l3 } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country },
  };
}

function contact(p: InvoiceParty) {
  const c = p.contact;
  if (!c || (!c.name && !c.phone && !c.email)) return {};
  return {
    'cac:Contact': {
      ...(c.name ? { 'cbc:Name': c.name } : {}),
      ...(c.phone ? { 'cbc:Telephone': c.phone } : {}),
      ...(c.email ? { 'cbc:ElectronicMail': c.email } : {}),
    },
  };
}

/** The party's e-mail as its electronic address (BT-34 / BT-49, scheme EM), where the platform knows one. */
function endpoint(p: InvoiceParty) {
  return p.contact?.email ? { 'cbc:EndpointID': p.contact.email, 'cbc:EndpointID@schemeID': 'EM' } : {};
}

/**
 * A party's legal registration (BT-30 / BT-47) as the XML sends it and the PDF prints it (decision
 * 968): a French company is identified by its SIREN under ISO 6523 ICD 0002 (the scheme the
 * Factur-X and French CIUS rules name), also when it gave its SIRET, which the PDF prints in full;
 * any other identifier goes as given, without a scheme (EN 16931 makes the scheme optional).
 */
export function registrationOf(p: Pick<InvoiceParty, 'country' | 'registrationId'>) {
  if (!p.registrationId) return null;
  const siren = p.country === 'FR' ? sirenOf('FR', p.registrationId) : null;
  if (siren) {
    const label: 'siren' | 'siret' = p.registrationId.replace(/\D/g, '').length === 14 ? 'siret' : 'siren';
    return { id: siren, scheme: SIREN_SCHEME_ID as string | null, label, printed: p.registrationId.replace(/\D/g, '') };
  }
  return { id: p.registrationId, scheme: null, label: 'registrationId' as const, printed: p.registrationId };
}

/**
 * The seller's additional legal information (BT-33) in the document's language: "SAS, au capital de
 * 15 000,50 €, RCS Lyon 732829320" (Code de commerce R123-237 for a French seller; the registry
 * city of any other seller that gave one). Null when the seller gave none of these facts.
 */
export function legalMention(p: InvoiceParty, language: InvoiceData['language']): string | null {
  const l = p.legal;
  if (!l) return null;
  const t = (key: string, vars?: Record<string, string | number>) => documentText('invoice', language, key, vars);
  const siren = sirenOf(p.country, p.registrationId);
  const parts = [
    l.form ?? '',
    l.shareCapital !== null ? t('shareCapital', { amount: formatEuro(l.shareCapital, language) }) : '',
    l.registryCity ? (p.country === 'FR' ? t('rcs', { city: l.registryCity, siren: siren ?? '' }).trim() : t('registry', { city: l.registryCity })) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

function legalEntity(p: InvoiceParty, mention: string | null) {
  const reg = registrationOf(p);
  return {
    'cbc:RegistrationName': p.name,
    ...(reg ? { 'cbc:CompanyID': reg.id, ...(reg.scheme ? { 'cbc:CompanyID@schemeID': reg.scheme } : {}) } : {}),
    // Read back by completeCii: the library's CII mapping looks for another key (see there).
    ...(mention ? { 'cbc:CompanyLegalForm': mention } : {}),
  };
}

function taxScheme(vatId: string | null) {
  const id = normalizeVatId(vatId);
  return id ? { 'cbc:CompanyID': id, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } : null;
}

/**
 * The note (BT-22) of the document, in the buyer's language: one note of several paragraphs, as
 * Factur-X EN 16931 carries one text per note. A credit note names the invoice it corrects here too,
 * for a reader; the XML also carries it as BG-3 (decision 952).
 */
export function invoiceNote(p: PreparedInvoice): string {
  const { data } = p;
  const t = (key: string, vars?: Record<string, string | number>) => documentText('invoice', data.language, key, vars);
  const notes: string[] = [];
  if (data.precedingInvoice)
    notes.push(t('corrects', { number: data.precedingInvoice.number, date: formatDay(data.precedingInvoice.issueDate, data.language, 'long') }));
  if (data.incoterm) notes.push(t('incotermNote', { incoterm: [data.incoterm.code, data.incoterm.place].filter(Boolean).join(' ') }));
  // The operator's own commission invoice is not issued under the sellers' billing mandate.
  if (data.purpose === 'SALE') notes.push(t('mandate', { operator: OPERATOR.name, seller: data.seller.name }));
  notes.push(...data.notes);
  return notes.join('\n');
}

/** The invoice in the library's data model (UBL-shaped JSON, turned into CII by the library). */
export function toEInvoice(p: PreparedInvoice): Invoice {
  const { data, vat, amounts } = p;
  const category = {
    'cbc:ID': vat.category,
    'cbc:Percent': decimal(vat.ratePercent),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
  const sellerTax = taxScheme(data.seller.vatId);
  const buyerTax = taxScheme(data.buyer.vatId);
  const t = (key: string, vars?: Record<string, string | number>) => documentText('invoice', data.language, key, vars);

  const paymentMeans =
    data.kind === 'CREDIT_NOTE'
      ? []
      : data.payment.iban
        ? [
            {
              'cbc:PaymentMeansCode': '58',
              'cbc:PaymentMeansCode@name': 'SEPA credit transfer',
              'cbc:PaymentID': data.number,
              'cac:PayeeFinancialAccount': {
                'cbc:ID': data.payment.iban,
                'cbc:Name': data.seller.name,
                ...(data.payment.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': data.payment.bic } } : {}),
              },
            },
          ]
        : [{ 'cbc:PaymentMeansCode': '1', 'cbc:PaymentMeansCode@name': t('bankDetailsOnRequest'), 'cbc:PaymentID': data.number }];

  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': EN16931_GUIDELINE,
      'cbc:ID': data.number,
      'cbc:IssueDate': data.issueDate,
      'cbc:DueDate': data.payment.dueDate,
      'cbc:InvoiceTypeCode': data.kind === 'INVOICE' ? '380' : '381',
      'cbc:Note': [invoiceNote(p)],
      'cbc:DocumentCurrencyCode': EUR,
      ...(data.orderNumber ? { 'cac:OrderReference': { 'cbc:ID': data.orderNumber } } : {}),
      ...(data.precedingInvoice
        ? {
            'cac:BillingReference': [
              { 'cac:InvoiceDocumentReference': { 'cbc:ID': data.precedingInvoice.number, 'cbc:IssueDate': data.precedingInvoice.issueDate } },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...endpoint(data.seller),
          'cac:PostalAddress': postalAddress(data.seller.addressLines, data.seller.postalCode, data.seller.city, data.seller.country),
          ...(sellerTax ? { 'cac:PartyTaxScheme': [sellerTax] } : {}),
          'cac:PartyLegalEntity': legalEntity(data.seller, legalMention(data.seller, data.language)),
          ...contact(data.seller),
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...endpoint(data.buyer),
          'cac:PostalAddress': postalAddress(data.buyer.addressLines, data.buyer.postalCode, data.buyer.city, data.buyer.country),
          ...(buyerTax ? { 'cac:PartyTaxScheme': buyerTax } : {}),
          'cac:PartyLegalEntity': legalEntity(data.buyer, null),
          ...contact(data.buyer),
        },
      },
      // A commission is a service over a month (BG-14); produce is delivered somewhere on a day (BG-13).
      ...(data.period ? { 'cac:InvoicePeriod': { 'cbc:StartDate': data.period.start, 'cbc:EndDate': data.period.end } } : {}),
      ...(data.purpose === 'SALE'
        ? {
            'cac:Delivery': {
              'cbc:ActualDeliveryDate': data.delivery.date,
              'cac:DeliveryLocation': {
                'cac:Address': postalAddress(data.delivery.addressLines, data.delivery.postalCode, data.delivery.city, data.delivery.country),
              },
              ...(data.delivery.name ? { 'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': data.delivery.name } } } : {}),
            },
          }
        : {}),
      ...(paymentMeans.length ? { 'cac:PaymentMeans': paymentMeans } : {}),
      'cac:PaymentTerms': { 'cbc:Note': data.payment.termsText },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(amounts.vatCents),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxSubtotal': amounts.breakdown.map((b) => ({
            'cbc:TaxableAmount': money(b.taxableCents),
            'cbc:TaxableAmount@currencyID': EUR,
            'cbc:TaxAmount': money(b.vatCents),
            'cbc:TaxAmount@currencyID': EUR,
            'cac:TaxCategory': {
              ...category,
              ...(vat.exemption ? { 'cbc:TaxExemptionReasonCode': vat.exemption.code, 'cbc:TaxExemptionReason': vat.exemption.text } : {}),
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(amounts.netCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cbc:TaxExclusiveAmount': money(amounts.netCents),
        'cbc:TaxExclusiveAmount@currencyID': EUR,
        'cbc:TaxInclusiveAmount': money(amounts.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': EUR,
        'cbc:PayableAmount': money(amounts.dueCents),
        'cbc:PayableAmount@currencyID': EUR,
      },
      'cac:InvoiceLine': data.lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': decimal(l.quantityKg),
        'cbc:InvoicedQuantity@unitCode': l.unit,
        'cbc:LineExtensionAmount': money(amounts.lineNetCents[i]!),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cac:Item': {
          ...(lineDescription(p, i) ? { 'cbc:Description': lineDescription(p, i) } : {}),
          'cbc:Name': l.article,
          ...(l.origin ? { 'cac:OriginCountry': { 'cbc:IdentificationCode': l.origin } } : {}),
          'cac:ClassifiedTaxCategory': category,
          ...(itemAttributes(p, i).length ? { 'cac:AdditionalItemProperty': itemAttributes(p, i) } : {}),
        },
        'cac:Price': {
          'cbc:PriceAmount': decimal(l.unitPrice),
          'cbc:PriceAmount@currencyID': EUR,
          'cbc:BaseQuantity': '1',
          'cbc:BaseQuantity@unitCode': l.unit,
        },
      })),
    },
  };
  return invoice as Invoice;
}

/**
 * The line's item attributes (BG-32, BT-160 name and BT-161 value) in the buyer's language: the
 * caliber, and the quality class, variety and packing date the EU marketing standard wants on the
 * invoice (Regulation 2023/2429 art. 6(4), decision 968).
 */
export function itemAttributes(p: PreparedInvoice, index: number): Array<{ 'cbc:Name': string; 'cbc:Value': string }> {
  const l = p.data.lines[index]!;
  const t = (key: string) => documentText('invoice', p.data.language, key);
  const pairs: Array<[string, string | null]> = [
    [t('caliber'), l.caliber],
    [t('qualityClass'), l.qualityClass],
    [t('variety'), l.variety],
    [t('packedOn'), l.packedOn ? formatDay(l.packedOn, p.data.language) : null],
  ];
  return pairs.filter((x): x is [string, string] => !!x[1]).map(([name, value]) => ({ 'cbc:Name': name, 'cbc:Value': value }));
}

/** "Caliber 47-57 · Order PRM-2026-000123" in the buyer's language (BT-154). */
export function lineDescription(p: PreparedInvoice, index: number): string {
  const l = p.data.lines[index]!;
  const t = (key: string) => documentText('invoice', p.data.language, key);
  return [l.caliber ? `${t('caliber')} ${l.caliber}` : '', l.orderNumber ? `${t('order')} ${l.orderNumber}` : ''].filter(Boolean).join(' · ');
}

/** What the PDF shows: the same facts as the XML, laid out for a reader. */
export function toPdfModel(p: PreparedInvoice): InvoicePdfModel {
  const { data, vat, amounts } = p;
  const party = (x: InvoiceParty, mention: string | null) => ({
    name: x.name,
    addressLines: x.addressLines.filter((l) => l !== ''),
    postalCode: x.postalCode,
    city: x.city,
    country: x.country,
    vatId: normalizeVatId(x.vatId),
    registrationId: registrationOf(x)?.printed ?? null,
    registrationLabel: registrationOf(x)?.label ?? ('registrationId' as const),
    legalMention: mention,
    contact: x.contact,
  });
  return {
    language: data.language,
    kind: data.kind,
    purpose: data.purpose,
    period: data.period,
    number: data.number,
    issueDate: data.issueDate,
    precedingInvoice: data.precedingInvoice,
    orderNumber: data.orderNumber,
    operatorName: OPERATOR.name,
    seller: party(data.seller, legalMention(data.seller, data.language)),
    buyer: party(data.buyer, null),
    delivery: { ...data.delivery, addressLines: data.delivery.addressLines.filter((l) => l !== '') },
    incoterm: data.incoterm,
    lines: data.lines.map((l, i) => ({
      article: l.article,
      origin: l.origin,
      caliber: l.caliber,
      qualityClass: l.qualityClass,
      variety: l.variety,
      packedOn: l.packedOn,
      orderNumber: l.orderNumber,
      unit: l.unit,
      quantityKg: l.quantityKg,
      unitPrice: l.unitPrice,
      ratePercent: vat.ratePercent,
      netCents: amounts.lineNetCents[i]!,
    })),
    vat: { rule: vat.rule, category: vat.category, exemptionCode: vat.exemption?.code ?? null },
    breakdown: amounts.breakdown.map((b) => ({ ratePercent: b.ratePercent, category: b.category, taxableCents: b.taxableCents, vatCents: b.vatCents })),
    totals: { netCents: amounts.netCents, vatCents: amounts.vatCents, grossCents: amounts.grossCents, dueCents: amounts.dueCents },
    payment: { termsText: data.payment.termsText, dueDate: data.payment.dueDate, iban: data.payment.iban, bic: data.payment.bic },
    notes: data.notes,
  };
}
