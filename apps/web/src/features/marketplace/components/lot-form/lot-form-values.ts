import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AUCTION_DURATION_MS,
  dayInParis,
  isoDay,
  MAX_BID_CENTS,
  MAX_PHOTOS_PER_PRODUCT,
  productInput,
  SOFT_CLOSE_MAX_EXTENSION_MS,
  type Country,
  type ProductInput,
  type QualityClass,
  type SupplierProduct,
} from '@primeur/shared';
import type { DecimalProblem } from '../../../../components/DecimalField';

/** What the lot form holds while it is edited; `toInput` makes the API's ProductInput of it. */
export interface LotFormValues {
  articleId: number | null;
  name: string;
  description: string;
  caliber: string;
  origin: Country | null;
  packagingId: string;
  price: number | null;
  quantity: number | null;
  availableUntil: string;
  auction: boolean;
  /** An instant (ISO 8601), picked on the market's clock; '' when cleared. */
  auctionStart: string;
  /** Hidden reserve of an auction lot; null for none. */
  reserve: number | null;
  netKgPerPallet: number | null;
  boxesPerPallet: number | null;
  netKgPerBox: number | null;
  /** '' until the supplier chooses (a new lot must). */
  qualityClass: QualityClass | '';
  variety: string;
  /** The GTIN of the boxes (issue 37), '' for none. */
  gtin: string;
  /** Packing or harvest day, '' for none. */
  packedOn: string;
  /** New photos in the order they will be shown (a new lot; an existing one uploads at once). */
  files: File[];
}

/** The decimal fields, whose own parser may refuse what is typed ("1,2,3"). */
export type DecimalKey = 'price' | 'quantity' | 'reserve' | 'netKgPerPallet' | 'boxesPerPallet' | 'netKgPerBox';
export type DecimalProblems = Partial<Record<DecimalKey, DecimalProblem | null>>;

export interface LotFormContext {
  product?: SupplierProduct;
  /** What the decimal fields refuse as typed: their own message is shown instead of the schema's. */
  problems: DecimalProblems;
}

const QUARTER_HOUR = 15 * 60_000;
/** A new auction starts at the first quarter hour at least 5 minutes ahead (one of the picker's times). */
export const defaultAuctionStart = (now = Date.now()) => new Date(Math.ceil((now + 5 * 60_000) / QUARTER_HOUR) * QUARTER_HOUR).toISOString();
/** The server refuses a start more than a year ahead (AUCTION_START_TOO_FAR). */
export const latestAuctionStart = (now = Date.now()) => new Date(now + 365 * 86_400_000).toISOString();
/** The server's rules of decision 503, in the same numbers. */
const START_TOLERANCE_MS = 10 * 60_000;
const MAX_START_AHEAD_MS = 366 * 86_400_000;

export function valuesFrom(p?: SupplierProduct): LotFormValues {
  return {
    articleId: p?.articleId ?? null,
    name: p?.name ?? '',
    description: p?.description ?? '',
    caliber: p?.caliber ?? '',
    origin: p ? { id: p.origin.id, name: p.origin.name, alpha2: p.origin.alpha2 } : null,
    packagingId: p ? String(p.packaging.id) : '',
    price: p?.price ?? null,
    quantity: p?.quantity ?? null,
    availableUntil: p?.availableUntil ?? dayInParis(14),
    auction: !!p?.auctionStartDate,
    auctionStart: p?.auctionStartDate ?? defaultAuctionStart(),
    reserve: p?.reservePrice ?? null,
    netKgPerPallet: p?.netKgPerPallet ?? null,
    boxesPerPallet: p?.boxesPerPallet ?? null,
    netKgPerBox: p?.netKgPerBox ?? null,
    qualityClass: p?.qualityClass ?? '',
    variety: p?.variety ?? '',
    gtin: p?.gtin ?? '',
    packedOn: p?.packedOn ?? '',
    files: [],
  };
}

/** The request body (photos travel apart). Empty amounts become NaN so the schema says "required". */
export function toInput(v: LotFormValues): ProductInput {
  return {
    articleId: v.articleId ?? 0,
    name: v.name,
    description: v.description,
    caliber: v.caliber,
    originId: v.origin?.id ?? 0,
    packagingId: Number(v.packagingId),
    price: v.price ?? Number.NaN,
    quantity: v.quantity ?? Number.NaN,
    availableUntil: v.availableUntil,
    auctionStartDate: v.auction && v.auctionStart ? new Date(v.auctionStart).toISOString() : null,
    reservePrice: v.auction && v.reserve !== null ? v.reserve : null,
    netKgPerPallet: v.netKgPerPallet ?? Number.NaN,
    boxesPerPallet: v.boxesPerPallet,
    netKgPerBox: v.netKgPerBox,
    qualityClass: v.qualityClass as QualityClass,
    variety: v.variety,
    gtin: v.gtin,
    packedOn: v.packedOn || null,
  };
}

/** Form fields named differently from the API's. */
const FIELD_OF: Record<string, keyof LotFormValues> = { originId: 'origin', auctionStartDate: 'auctionStart', reservePrice: 'reserve', photos: 'files' };

/**
 * What is wrong with a reserve against the starting price, as the server decides it: below the
 * price (in cents), or above the highest possible bid. Null when the pair is accepted.
 */
export function reserveProblemOf(price: number, reserve: number): 'reserveBelowPrice' | 'tooLarge' | null {
  const reserveCents = Math.round(reserve * 100);
  if (Number.isFinite(price) && reserveCents < Math.round(price * 100)) return 'reserveBelowPrice';
  if (reserveCents > MAX_BID_CENTS) return 'tooLarge';
  return null;
}

/**
 * The lot's dates as the server checks them (decision 503), so they are judged as they are picked:
 * "available until" not past, an auction start not in the past nor more than a year ahead, and the
 * auction (3 days and the soft-close cap) ending within the availability. Values an existing lot
 * already had are not judged again, as on the server.
 */
export function lotDateProblems(v: LotFormValues, product: SupplierProduct | undefined, now = Date.now()): Partial<Record<keyof LotFormValues, string>> {
  const out: Partial<Record<keyof LotFormValues, string>> = {};
  const untilChanged = !product || product.availableUntil !== v.availableUntil;
  if (v.availableUntil && untilChanged && v.availableUntil < isoDay(now)) out.availableUntil = 'availableUntilPast';
  if (!v.auction) return out;
  if (!v.auctionStart) {
    out.auctionStart = 'required';
    return out;
  }
  const start = Date.parse(v.auctionStart);
  const startChanged = !product?.auctionStartDate || Date.parse(product.auctionStartDate) !== start;
  if (startChanged && start < now - START_TOLERANCE_MS) out.auctionStart = 'inPast';
  else if (startChanged && start > now + MAX_START_AHEAD_MS) out.auctionStart = 'auctionStartTooFar';
  if (v.availableUntil && (untilChanged || startChanged) && isoDay(start + AUCTION_DURATION_MS + SOFT_CLOSE_MAX_EXTENSION_MS) > v.availableUntil) {
    out.availableUntil ??= 'auctionOutsideAvailability';
  }
  return out;
}

/**
 * Every rule of the form in one pass (the shared productInput schema, then what only the form knows:
 * the dates, the decimal fields' own refusals, the reserve against the price, the photos). Each
 * message is a key of `marketplace:validation` (or of the weights' texts).
 */
export const lotFormResolver: Resolver<LotFormValues, LotFormContext> = (values, context) => {
  const product = context?.product;
  const problems = context?.problems ?? {};
  const found: Partial<Record<keyof LotFormValues, string>> = {};
  const input = toInput(values);
  const parsed = productInput.safeParse(input);
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const key = FIELD_OF[String(i.path[0])] ?? (String(i.path[0]) as keyof LotFormValues);
      found[key] ??= i.message;
    }
  }
  for (const [k, message] of Object.entries(lotDateProblems(values, product)) as Array<[keyof LotFormValues, string]>) found[k] ??= message;
  for (const [k, problem] of Object.entries(problems) as Array<[DecimalKey, DecimalProblem | null]>) {
    if (problem && (k !== 'reserve' || values.auction)) found[k] = 'decimal';
  }
  if (!found.reserve && input.reservePrice != null) {
    // In cents, as the server compares (decision 403): a reserve equal to or above the starting price is accepted.
    const reserveProblem = reserveProblemOf(input.price, input.reservePrice);
    if (reserveProblem) found.reserve = reserveProblem;
  }
  if (!product && values.files.length === 0) found.files = 'photosRequired';
  if (!product && values.files.length > MAX_PHOTOS_PER_PRODUCT) found.files = 'tooManyPhotos';
  const entries = Object.entries(found) as Array<[keyof LotFormValues, string]>;
  if (entries.length === 0) return { values, errors: {} };
  const errors: FieldErrors<LotFormValues> = {};
  for (const [k, message] of entries) (errors as Record<string, { type: string; message: string }>)[k] = { type: 'validation', message };
  return { values: {}, errors };
};
