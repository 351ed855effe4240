import { z } from 'zod';
import { nextMinimumCents, offer, offerMessage, toCents, type ProductDetails } from '@primeur/shared';

/**
 * An offer as the room reads it (list and live message, contract "Live messages"): the buyer's id,
 * whether the engine placed it for a maximum, and the lot's state right after it. The extra fields
 * are optional so that a server without them still works (the room then falls back on the details).
 */
export const roomOffer = offer.extend({
  user: z.object({ id: z.number().int().optional(), companyName: z.string() }),
  auto: z.boolean().optional(),
  // The live message's own fields, from the shared schema (absent from the offers list).
  ...offerMessage.pick({ endsAt: true, highest: true, bidders: true, reserveMet: true }).partial().shape,
});
export type RoomOffer = z.infer<typeof roomOffer>;

/** The lot details as the shared schema declares them (bidders, reserve and phase included). */
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
}

const later = (a: string | null, b: string | null | undefined) => (!b ? a : !a || Date.parse(b) > Date.parse(a) ? b : a);

/**
 * What the page shows, computed from the offers it holds: a live offer changes this without any
 * request. Before the offers arrive the details' own figures are used.
 */
export function computeRoom(details: RoomDetails, offers: RoomOffer[] | undefined): RoomState {
  let top: RoomOffer | null = null;
  let newest: RoomOffer | null = null;
  let endsAt: string | null = details.endsAt;
  for (const o of offers ?? []) {
    if (!top || o.amount > top.amount || (o.amount === top.amount && o.id < top.id)) top = o;
    if (!newest || o.id > newest.id) newest = o;
    endsAt = later(endsAt, o.endsAt);
  }
  const highest = offers ? (top?.amount ?? null) : details.highest;
  const nextMinimum = nextMinimumCents(toCents(details.price), highest === null ? null : toCents(highest)) / 100;
  const reserveMet = newest?.reserveMet !== undefined ? newest.reserveMet : (details.reserveMet ?? null);
  const distinct = new Set((offers ?? []).map((o) => o.user.id ?? o.user.companyName)).size;
  const bidders = newest?.bidders ?? Math.max(details.bidders ?? 0, distinct);
  return { top, highest, nextMinimum, endsAt, reserveMet, bidders };
}

export interface Me {
  userId: number;
  companyName: string;
}

/** Whose offer it is: by user id when the server sends it, else by company name. */
export function isMine(o: RoomOffer, me: Me | null | undefined): boolean {
  if (!me) return false;
  return o.user.id !== undefined ? o.user.id === me.userId : o.user.companyName === me.companyName;
}

/** 'leading' when the highest offer is mine, 'outbid' when I bid and someone is above, else null. */
export function myStanding(room: RoomState, offers: RoomOffer[] | undefined, me: Me | null | undefined): 'leading' | 'outbid' | null {
  if (!me || !room.top) return null;
  if (isMine(room.top, me)) return 'leading';
  return (offers ?? []).some((o) => isMine(o, me)) ? 'outbid' : null;
}
