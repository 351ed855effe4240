import { DEFAULT_PAYMENT_TERM_DAYS, isoDay, lineNetCents, paymentDueDate, type Language } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { clientPaymentTermDays } from '../../companies/companies/company-view.js';
import { languageForCountry } from '../../documents/email/language.js';
import { t as text } from '../../documents/email/i18n.js';
import type { InvoiceParty } from './invoice-input.js';
import { prepareInvoice } from './invoicing.builder.js';
import type { InvoiceDraft } from './invoicing.documents.js';
import * as repo from './invoicing.repository.js';
import type { OrderRow } from '../orders/orders.read-model.js';

/**
 * What each document says (decision 820): the parties as the order snapshotted them (completed from
 * the companies' current data), the terms, the lot's facts, and the lines of a sale invoice, a claim's
 * credit note and a cancellation's. Pure reading: issuing numbers and stores them (invoicing.issuing.ts).
 */

const nonEmpty = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null);
const COUNTRY = /^[A-Z]{2}$/;

type Party = OrderRow['seller'];

/**
 * A party from the order's snapshot; a VAT number or address missing there is taken from the
 * company's current data. Its registration identifier and legal facts are those it has when the
 * document is issued (decision 968): they are the issuer's mentions on that day, not facts of the sale.
 */
async function partyOf(db: Executor, snap: Party, userId: number | null): Promise<InvoiceParty> {
  const now = await repo.currentCompany(db, userId);
  const legal =
    now && (nonEmpty(now.legalForm) || now.shareCapital !== null || nonEmpty(now.registryCity))
      ? {
          form: nonEmpty(now.legalForm)?.slice(0, 60) ?? null,
          shareCapital: now.shareCapital === null ? null : Number(now.shareCapital),
          registryCity: nonEmpty(now.registryCity)?.slice(0, 100) ?? null,
        }
      : null;
  const address = nonEmpty(snap.address) ?? nonEmpty(now?.address);
  return {
    name: snap.companyName.trim().slice(0, 200),
    addressLines: address ? [address.slice(0, 200)] : [],
    postalCode: (nonEmpty(snap.postalCode) ?? nonEmpty(now?.postalCode) ?? '').slice(0, 20),
    city: snap.city.trim().slice(0, 100),
    country: snap.countryAlpha2,
    vatId: nonEmpty(snap.vatId) ?? nonEmpty(now?.vatId),
    registrationId: nonEmpty(now?.registrationId)?.slice(0, 40) ?? null,
    legal,
    contact: nonEmpty(snap.email) ? { name: null, phone: null, email: snap.email } : null,
  };
}

/**
 * The buyer's agreed terms (decision 956): those of its back-office client record, found by the
 * account's current company name (else the order's snapshot of it); without one, the default of
 * issue 23 §6 (30 days from the invoice date).
 */
async function termDaysOf(db: Executor, o: OrderRow): Promise<number> {
  const account = await repo.currentCompany(db, o.buyerId);
  return (await clientPaymentTermDays(db, account?.companyName ?? o.buyer.companyName)) ?? DEFAULT_PAYMENT_TERM_DAYS;
}

/**
 * BT-9 and BT-20 of an invoice: the due date of the agreed terms, cut at the legal cap, and the terms
 * in the buyer's language. 0 days reads "on receipt"; the cap, when it cut the term, is named.
 */
export function paymentTermsOf(language: Language, termDays: number, issueDate: string, deliveryDate: string, seller: string, buyer: string) {
  const due = paymentDueDate({ issueDate, deliveryDate, termDays, sellerCountry: seller, buyerCountry: buyer });
  const capDays = due.cap?.maxDaysAfterDelivery ?? 0;
  const termsText =
    termDays === 0
      ? text(language, 'issue.termsOnReceipt', {}, 'invoice')
      : due.capped
        ? text(language, 'issue.termsCapped', { count: termDays, cap: capDays }, 'invoice')
        : text(language, 'issue.terms', { count: termDays }, 'invoice');
  return { dueDate: due.dueDate, termsText };
}

/** What every document of the order says: parties, delivery, incoterm, language. */
async function commonOf(db: Executor, o: OrderRow, issueDate: string) {
  const [seller, buyer] = await Promise.all([partyOf(db, o.seller, o.sellerId), partyOf(db, o.buyer, o.buyerId)]);
  const language: Language = languageForCountry(buyer.country);
  const deliveredOn = isoDay(o.receivedAt ?? o.deliveredAt ?? new Date());
  const d = o.deliveryAddress;
  return {
    language,
    seller,
    buyer,
    delivery: {
      // Goods received before the invoice exists: the delivery date never follows the issue date.
      date: deliveredOn > issueDate ? issueDate : deliveredOn,
      name: buyer.name,
      addressLines: nonEmpty(d.address) ? [d.address.slice(0, 200)] : [],
      postalCode: (d.postalCode ?? '').slice(0, 20),
      city: (d.city ?? '').slice(0, 100),
      country: COUNTRY.test(d.countryAlpha2) ? d.countryAlpha2 : buyer.country,
    },
    incoterm: /^[A-Z]{3}$/.test(o.incoterm) ? { code: o.incoterm, place: nonEmpty(o.incotermPlace)?.slice(0, 100) ?? null } : null,
    orderNumber: o.number,
  };
}

/** The lot's class, variety and packing day as its order stored them (Regulation 2023/2429 art. 6(4)). */
function lotFactsOf(o: OrderRow) {
  return {
    qualityClass: nonEmpty(o.lot.qualityClass)?.slice(0, 20) ?? null,
    variety: nonEmpty(o.lot.variety)?.slice(0, 100) ?? null,
    packedOn: nonEmpty(o.lot.packedOn) ?? null,
  };
}

function articleOf(o: OrderRow, lng: Language) {
  const name = nonEmpty(o.lot.article[lng]) ?? nonEmpty(o.lot.article.en) ?? nonEmpty(o.lot.title) ?? o.number;
  return name.slice(0, 200);
}

/**
 * The weight an order is invoiced on (decision 981) and the note that says which one it is: the
 * received weight, or the shipped one (automatic receipt, or a receipt disputed as a weight claim).
 * Orders received before issue 32 have no basis recorded: their amount is the received weight's.
 */
export function invoicedWeightOf(o: Pick<OrderRow, 'invoicedWeight' | 'receivedNetKg' | 'shippedNetKg' | 'receivedAutomatically'>, lng: Language) {
  const kg = (v: string | null) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(Number(v));
  if (o.invoicedWeight !== 'SHIPPED') {
    return { basis: 'RECEIVED' as const, quantityKg: Number(o.receivedNetKg), note: text(lng, 'issue.weightReceived', { kg: kg(o.receivedNetKg) }, 'invoice') };
  }
  const note = o.receivedAutomatically
    ? text(lng, 'issue.weightShipped', { kg: kg(o.shippedNetKg) }, 'invoice')
    : text(lng, 'issue.weightShippedDisputed', { kg: kg(o.shippedNetKg), received: kg(o.receivedNetKg) }, 'invoice');
  return { basis: 'SHIPPED' as const, quantityKg: Number(o.shippedNetKg), note };
}

/** The invoice of a delivered order: one line, the invoiced net kg at the order's €/kg, and a note naming that weight. */
export async function invoiceDraft(db: Executor, o: OrderRow, issueDate: string): Promise<InvoiceDraft> {
  const c = await commonOf(db, o, issueDate);
  const terms = paymentTermsOf(c.language, await termDaysOf(db, o), issueDate, c.delivery.date, c.seller.country, c.buyer.country);
  // The seller's current bank account (company settings, decision 763); none: "bank details on request".
  const bank = await repo.currentCompany(db, o.sellerId);
  const weight = invoicedWeightOf(o, c.language);
  return {
    kind: 'INVOICE',
    issueDate,
    precedingInvoice: null,
    ...c,
    lines: [
      {
        article: articleOf(o, c.language),
        origin: COUNTRY.test(o.lot.originAlpha2) ? o.lot.originAlpha2 : null,
        caliber: nonEmpty(o.lot.caliber)?.slice(0, 50) ?? null,
        ...lotFactsOf(o),
        orderNumber: o.number,
        quantityKg: weight.quantityKg,
        unitPrice: Number(o.pricePerKg),
      },
    ],
    weightBasis: weight.basis,
    payment: {
      termsText: terms.termsText,
      dueDate: terms.dueDate,
      iban: bank?.iban ?? null,
      bic: bank?.iban ? (bank.bic ?? null) : null,
    },
    notes: [weight.note],
  };
}

/**
 * The credit line of a settled claim (decision 821): in kg at the order's €/kg when some weight at
 * that price gives the credit to the cent; otherwise one kg at the credit, so the total is always
 * exactly the settled credit.
 */
export function creditLine(credit: number, pricePerKg: number): { quantityKg: number; unitPrice: number } {
  const cents = Math.round(credit * 100);
  const kg = Math.round((credit / pricePerKg) * 1000) / 1000;
  if (kg > 0 && lineNetCents(kg, pricePerKg) === cents) return { quantityKg: kg, unitPrice: pricePerKg };
  return { quantityKg: 1, unitPrice: cents / 100 };
}

export async function creditNoteDraft(
  db: Executor,
  o: OrderRow,
  claim: { id: number; credit: number },
  invoice: { number: string; issueDate: string },
  issueDate: string,
): Promise<InvoiceDraft> {
  const c = await commonOf(db, o, issueDate);
  const article = articleOf(o, c.language);
  return {
    kind: 'CREDIT_NOTE',
    issueDate,
    precedingInvoice: invoice,
    ...c,
    lines: [
      {
        article: text(c.language, 'issue.creditLine', { claim: claim.id, article }, 'invoice').slice(0, 200),
        origin: COUNTRY.test(o.lot.originAlpha2) ? o.lot.originAlpha2 : null,
        caliber: nonEmpty(o.lot.caliber)?.slice(0, 50) ?? null,
        ...lotFactsOf(o),
        orderNumber: o.number,
        ...creditLine(claim.credit, Number(o.pricePerKg)),
      },
    ],
    payment: { termsText: text(c.language, 'issue.creditTerms', { number: invoice.number }, 'invoice'), dueDate: issueDate, iban: null, bic: null },
    notes: [text(c.language, 'issue.claimNote', { claim: claim.id, order: o.number }, 'invoice')],
  };
}

/**
 * The credit note of a cancelled order (decision 966): one line, the net that remained uncredited on
 * the invoice, at the order's €/kg when a weight gives it to the cent (the whole order credits the
 * invoiced weight), with the same VAT rule as the invoice.
 */
export async function cancellationDraft(
  db: Executor,
  o: OrderRow,
  netCents: number,
  invoice: { number: string; issueDate: string },
  issueDate: string,
): Promise<InvoiceDraft> {
  const c = await commonOf(db, o, issueDate);
  const article = articleOf(o, c.language);
  return {
    kind: 'CREDIT_NOTE',
    issueDate,
    precedingInvoice: invoice,
    ...c,
    lines: [
      {
        article: text(c.language, 'issue.cancellationLine', { order: o.number, article }, 'invoice').slice(0, 200),
        origin: COUNTRY.test(o.lot.originAlpha2) ? o.lot.originAlpha2 : null,
        caliber: nonEmpty(o.lot.caliber)?.slice(0, 50) ?? null,
        orderNumber: o.number,
        ...creditLine(netCents / 100, Number(o.pricePerKg)),
      },
    ],
    payment: { termsText: text(c.language, 'issue.creditTerms', { number: invoice.number }, 'invoice'), dueDate: issueDate, iban: null, bic: null },
    notes: [text(c.language, 'issue.cancellationNote', { order: o.number, invoice: invoice.number }, 'invoice')],
  };
}

/**
 * The draft whose total is what remains uncredited on the invoice (gross), exactly. The net that
 * remains (invoice net less the credit notes' nets) gives it but for the VAT's rounding, which may
 * differ by a cent from the invoice's once claims' credit notes were issued: the nets a few cents
 * around are tried, the one with the right total wins; when none reaches it to the cent (a VAT step
 * of 2 cents), the highest total below it, never above (credits never exceed the invoice).
 */
export async function remainderDraft(
  db: Executor,
  o: OrderRow,
  remain: { netCents: number; totalCents: number },
  invoice: { number: string; issueDate: string },
  today: string,
) {
  let best: { draft: InvoiceDraft; total: number } | null = null;
  for (const d of [0, -1, 1, -2, 2, -3, 3]) {
    const net = remain.netCents + d;
    if (net <= 0) continue;
    const draft = await cancellationDraft(db, o, net, invoice, today);
    const prepared = prepareInvoice({ ...draft, number: 'UNNUMBERED' });
    // Not ready (data missing): numberInvoice says why with the remaining net's draft.
    if (prepared.status !== 'ready') return cancellationDraft(db, o, remain.netCents, invoice, today);
    const total = prepared.invoice.amounts.grossCents;
    if (total === remain.totalCents) return draft;
    if (total < remain.totalCents && (!best || total > best.total)) best = { draft, total };
  }
  return best?.draft ?? null;
}
