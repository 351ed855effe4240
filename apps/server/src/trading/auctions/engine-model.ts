import { bidIncrementCents, nextMinimumCents, softCloseEndMs } from '@primeur/shared';

/**
 * A pure TypeScript model of the bid engine (the SQL function place_bid, migration 0012), on the
 * shared rules. The table tests run the same scenarios through this model and through place_bid and
 * compare them, so the written rules (decisions 400-404) are checked twice. Not used by the app.
 */
export interface ModelLot {
  startCents: number;
  reserveCents: number | null;
  startsAtMs: number;
  endsAtMs: number;
  status: 'IN_AUCTION' | 'EXPIRED';
  offers: ModelOffer[];
  /** user → secret maximum in cents. */
  maxima: Map<number, number>;
}

export interface ModelOffer {
  user: number;
  cents: number;
  auto: boolean;
}

export type ModelOutcome = 'OK' | 'RAISED' | 'AUCTION_CLOSED' | 'NOT_STARTED' | 'AMOUNT_INVALID' | 'ALREADY_HIGHEST' | 'BID_TOO_LOW' | 'MAX_BELOW_MINIMUM';

export interface ModelResult {
  outcome: ModelOutcome;
  created: ModelOffer[];
  minimumCents: number | null;
}

export function newModelLot(startCents: number, startsAtMs: number, endsAtMs: number, reserveCents: number | null = null): ModelLot {
  return { startCents, reserveCents, startsAtMs, endsAtMs, status: 'IN_AUCTION', offers: [], maxima: new Map() };
}

/** The leading offer: the highest amount; on equal amounts the later offer (an automatic answer at a tie). */
export function leadingOffer(lot: ModelLot): ModelOffer | null {
  let lead: ModelOffer | null = null;
  for (const o of lot.offers) if (!lead || o.cents >= lead.cents) lead = o;
  return lead;
}

export function reserveMet(lot: ModelLot): boolean | null {
  if (lot.reserveCents === null) return null;
  const lead = leadingOffer(lot);
  return lead !== null && lead.cents >= lot.reserveCents;
}

const MAX_CENTS = 100_000;

export function placeBidModel(lot: ModelLot, user: number, amountCents: number, maxCents: number | null, nowMs: number): ModelResult {
  const refuse = (outcome: ModelOutcome, minimumCents: number | null = null): ModelResult => ({ outcome, created: [], minimumCents });
  if (lot.status !== 'IN_AUCTION' || nowMs >= lot.endsAtMs) return refuse('AUCTION_CLOSED');
  if (nowMs < lot.startsAtMs) return refuse('NOT_STARTED');
  if (amountCents <= 0 || amountCents > MAX_CENTS || (maxCents !== null && (maxCents <= 0 || maxCents > MAX_CENTS))) return refuse('AMOUNT_INVALID');
  const lead = leadingOffer(lot);
  const price = lead?.cents ?? null;
  const min = nextMinimumCents(lot.startCents, price);
  const R = lot.reserveCents;
  const created: ModelOffer[] = [];
  const add = (o: ModelOffer) => {
    created.push(o);
    lot.offers.push(o);
  };

  if (lead && lead.user === user) {
    if (maxCents === null) return refuse('ALREADY_HIGHEST', min);
    if (maxCents < min) return refuse('MAX_BELOW_MINIMUM', min);
    lot.maxima.set(user, maxCents);
    if (R !== null && price! < R && maxCents >= R) add({ user, cents: R, auto: true });
    else return { outcome: 'RAISED', created: [], minimumCents: min };
  } else {
    let ceiling: number;
    let open: number;
    if (maxCents === null) {
      if (amountCents < min) return refuse('BID_TOO_LOW', min);
      ceiling = amountCents;
      open = amountCents;
    } else {
      if (maxCents < min || maxCents < amountCents) return refuse('MAX_BELOW_MINIMUM', min);
      ceiling = maxCents;
      open = Math.max(amountCents, min);
      lot.maxima.set(user, maxCents);
    }
    let lmax = lead ? (lot.maxima.get(lead.user) ?? null) : null;
    if (lmax !== null && lmax <= price!) lmax = null;
    if (lmax !== null && ceiling > lmax) {
      // Also when lmax lies between the price and the next minimum: it is then the runner-up (issue 19).
      add({ user: lead!.user, cents: lmax, auto: true });
      let amt = Math.max(open, Math.min(ceiling, nextMinimumCents(lot.startCents, lmax)));
      if (R !== null && ceiling >= R) amt = Math.max(amt, R);
      add({ user, cents: amt, auto: false });
    } else if (lmax !== null) {
      add({ user, cents: ceiling, auto: false });
      let amt = Math.min(lmax, nextMinimumCents(lot.startCents, ceiling));
      if (R !== null && lmax >= R) amt = Math.max(amt, R);
      add({ user: lead!.user, cents: amt, auto: true });
    } else {
      let amt = open;
      if (R !== null && ceiling >= R) amt = Math.max(amt, R);
      add({ user, cents: amt, auto: false });
    }
  }
  lot.endsAtMs = softCloseEndMs(lot.endsAtMs, nowMs, lot.startsAtMs);
  return { outcome: 'OK', created, minimumCents: min };
}

/** The price two maxima lead to: the top one's owner pays one increment above the second (capped, lifted to the reserve). */
export function expectedPriceCents(startCents: number, topMax: number, secondMax: number | null, reserveCents: number | null): number {
  let p = secondMax === null ? startCents : Math.min(topMax, secondMax + bidIncrementCents(secondMax));
  p = Math.max(p, startCents);
  if (reserveCents !== null && topMax >= reserveCents) p = Math.max(p, reserveCents);
  return p;
}
