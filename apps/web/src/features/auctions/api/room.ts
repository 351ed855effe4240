import type { TFunction } from 'i18next';
import { nextMinimumCents, offer, offerMessage, toCents, type Offer, type OfferMessage, type ProductDetails } from '@primeur/shared';

/**
 * An offer as the room holds it: from the offers list (`Offer`: `mine`, and the company only for the
 * seller and the operator) or from a live message (`OfferMessage`: the bidder's pseudonym number only,
 * and the lot's state right after it). Both name the bidder by `bidderNumber` (decision 712).
 */
export type RoomOffer = Offer | (OfferMessage & { mine?: boolean; user?: Offer['user'] });

/** Reads a live message with the shared contract (never a copy of it). */
export const parseLiveOffer = (payload: unknown): RoomOffer | null => {
  const parsed = offerMessage.safeParse(payload);
  return parsed.success ? parsed.data : null;
};
/** Reads an offer of the list or of a bid answer. */
export const parseOffer = (payload: unknown): RoomOffer | null => {
  const parsed = offer.safeParse(payload);
  return parsed.success ? parsed.data : null;
};

/** The lot details as the room reads them. */
export type RoomDetails = ProductDetails;

export interface RoomState {
  /** The highest offer held (ties: the earlier one), null without offers. */
  top: RoomOffer | null;
  highest: number | null;
  /** The smallest acceptable bid now, from the shared rule. */
  nextMinimum: number;
  /** The current end: the latest one the details or any offer carried (soft close only moves it later). */
  endsAt: string | null;
  /** null when the lot has no reserve. */
  reserveMet: boolean | null;
  bidders: number;
  /** How far the latest soft-close move held pushed the end (ms, from the live messages), 0 when none. */
  lastExtensionMs: number;
}

const later = (a: string | null, b: string | null | undefined) => (!b ? a : !a || Date.parse(b) > Date.parse(a) ? b : a);

/**
 * What the page shows, computed from the offers it holds: a live offer changes this without any
 * request. Before the offers arrive the details' own figures are used.
 */
export function computeRoom(details: RoomDetails, offers: RoomOffer[] | undefined): RoomState {
  let top: RoomOffer | null = null;
  let newest: RoomOffer | null = null;
  let extended: { id: number; ms: number } | null = null;
  let endsAt: string | null = details.endsAt;
  for (const o of offers ?? []) {
    if (!top || o.amount > top.amount || (o.amount === top.amount && o.id < top.id)) top = o;
    if (!newest || o.id > newest.id) newest = o;
    endsAt = later(endsAt, 'endsAt' in o ? o.endsAt : undefined);
    if ('extendedByMs' in o && o.extendedByMs > 0 && (!extended || o.id > extended.id)) extended = { id: o.id, ms: o.extendedByMs };
  }
  const highest = offers ? (top?.amount ?? null) : details.highest;
  const nextMinimum = nextMinimumCents(toCents(details.price), highest === null ? null : toCents(highest)) / 100;
  const live = newest && 'reserveMet' in newest ? newest : null;
  const reserveMet = live ? live.reserveMet : (details.reserveMet ?? null);
  const distinct = new Set((offers ?? []).map((o) => o.bidderNumber)).size;
  const bidders = live ? live.bidders : Math.max(details.bidders ?? 0, distinct);
  return { top, highest, nextMinimum, endsAt, reserveMet, bidders, lastExtensionMs: extended?.ms ?? 0 };
}

export interface Me {
  userId: number;
  /** My pseudonym number on this lot (details' `myBidderNumber`, or my first bid's answer), null before I bid. */
  bidderNumber: number | null;
}

/** Whose offer it is: the list says `mine`; a live message only carries the pseudonym number. */
export function isMine(o: Pick<RoomOffer, 'mine' | 'bidderNumber'>, me: Me | null | undefined): boolean {
  if (o.mine) return true;
  return !!me && me.bidderNumber !== null && o.bidderNumber === me.bidderNumber;
}

/** 'leading' when the highest offer is mine, 'outbid' when I bid and someone is above, else null. */
export function myStanding(room: RoomState, offers: RoomOffer[] | undefined, me: Me | null | undefined): 'leading' | 'outbid' | null {
  if (!room.top) return null;
  if (isMine(room.top, me)) return 'leading';
  return (offers ?? []).some((o) => isMine(o, me)) ? 'outbid' : null;
}

/**
 * Who an offer is from, as this viewer may read it: "You" on my own rows, the company where the server
 * gave it (the lot's seller and the operator), else the lot's pseudonym "Bidder n" (decision 712). A
 * live message names only the number: a seller reads the company the offers list gave that number.
 */
export function bidderName(o: Pick<RoomOffer, 'bidderNumber' | 'mine' | 'user'>, me: Me | null, t: TFunction, companies?: Map<number, string>): string {
  if (o.mine || (me?.bidderNumber != null && o.bidderNumber === me.bidderNumber)) return t('room:bidder.you');
  return o.user?.companyName ?? companies?.get(o.bidderNumber) ?? t('room:bidder.n', { n: o.bidderNumber });
}

/** The companies the offers list named per pseudonym number (only ever filled for the seller and the operator). */
export function companiesByNumber(offers: RoomOffer[] | undefined): Map<number, string> {
  const map = new Map<number, string>();
  for (const o of offers ?? []) if (o.user) map.set(o.bidderNumber, o.user.companyName);
  return map;
}
