import { addDays, isIsoDay, type IsoDay } from '../dates.js';
import { isEuVatCountry, vatTerritory } from './vat.js';

/**
 * The longest payment term the law allows for perishable food, by country (decision 761). The due
 * date of an invoice is the client's agreed term, cut at the cap counted from the delivery.
 */
export interface PaymentTermCap {
  /** ISO country code, or 'EU' for the rule every member state transposed. */
  scope: string;
  maxDaysAfterDelivery: number;
  source: string;
  /** The day this line was entered or last checked (ISO). */
  recordedOn: string;
}

export const PAYMENT_TERM_CAPS: readonly PaymentTermCap[] = [
  {
    scope: 'FR',
    maxDaysAfterDelivery: 30,
    source: 'Code de commerce, art. L441-11 II 1° (achats de produits alimentaires périssables)',
    recordedOn: '2026-11-26',
  },
  {
    scope: 'EU',
    maxDaysAfterDelivery: 30,
    source:
      'Directive (EU) 2019/633 on unfair trading practices, art. 3(1)(a) (perishable agricultural and food products, 30 days after delivery), transposed in every member state',
    recordedOn: '2026-11-26',
  },
];

/**
 * A client's payment terms in whole days from the invoice date (decision 956): 30 unless the operator
 * agreed otherwise, so clients without a setting keep the terms every invoice had before.
 */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;

/**
 * The longest term the operator may agree with a client: the longest legal cap above. A longer term
 * could never be honoured on a sale under a cap, and every invoice would say one thing and mean another.
 */
export const MAX_PAYMENT_TERM_DAYS = Math.max(...PAYMENT_TERM_CAPS.map((c) => c.maxDaysAfterDelivery));

/**
 * The cap for a sale between these two countries: a national line when either party's country has
 * one, else the EU line when either party is in the EU, else none. The directive's turnover bands
 * are not applied: a platform that caps every EU sale at 30 days never books an unlawful term.
 */
export function paymentTermCap(sellerCountry: string, buyerCountry: string): PaymentTermCap | null {
  const countries = [vatTerritory(sellerCountry), vatTerritory(buyerCountry)];
  const national = PAYMENT_TERM_CAPS.filter((c) => countries.includes(c.scope));
  if (national.length) return national.reduce((a, b) => (b.maxDaysAfterDelivery < a.maxDaysAfterDelivery ? b : a));
  if (countries.some(isEuVatCountry)) return PAYMENT_TERM_CAPS.find((c) => c.scope === 'EU') ?? null;
  return null;
}

export interface DueDateInput {
  issueDate: IsoDay;
  deliveryDate: IsoDay;
  /** The client's agreed term in days from the invoice date. */
  termDays: number;
  sellerCountry: string;
  buyerCountry: string;
}

export interface DueDate {
  dueDate: IsoDay;
  /** True when the legal cap shortened the agreed term. */
  capped: boolean;
  cap: PaymentTermCap | null;
}

export function paymentDueDate(input: DueDateInput): DueDate {
  if (!isIsoDay(input.issueDate) || !isIsoDay(input.deliveryDate)) throw new RangeError('issueDate and deliveryDate must be ISO days');
  if (!Number.isInteger(input.termDays) || input.termDays < 0) throw new RangeError('termDays must be a whole number of days ≥ 0');
  const agreed = addDays(input.issueDate, input.termDays);
  const cap = paymentTermCap(input.sellerCountry, input.buyerCountry);
  if (!cap) return { dueDate: agreed, capped: false, cap: null };
  const limit = addDays(input.deliveryDate, cap.maxDaysAfterDelivery);
  if (agreed <= limit) return { dueDate: agreed, capped: false, cap };
  // An invoice issued after the cap has passed is payable at once, not before it exists.
  return { dueDate: limit < input.issueDate ? input.issueDate : limit, capped: true, cap };
}
