import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUCTION_DURATION_MS, SOFT_CLOSE_MAX_EXTENSION_MS, nextMinimumCents, softCloseEndMs } from '@primeur/shared';
import { createTestApp, type TestContext } from '../../../test/build-app.js';
import { createUser } from '../../db/factories.js';
import { createAuction } from '../../db/factories/listings.js';
import { products } from '../../db/schema/index.js';
import * as repo from './auctions.repository.js';
import { leadingOffer, newModelLot, placeBidModel, reserveMet, type ModelOutcome } from './engine-model.js';

/**
 * Table tests of the bid engine (issue 14 "Done when"). Each scenario states by hand what must
 * happen; it runs through the pure model (engine-model.ts) AND through place_bid on the database, and
 * both must give exactly the stated offers, outcomes and final state.
 */
let ctx: TestContext;
let sellerId: number;
const ids: Record<string, number> = {};
const names = ['A', 'B', 'C'] as const;
type Who = (typeof names)[number];

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0 });
  sellerId = (await createUser(ctx.db, { category: 'supplier' })).id;
  for (const n of names) ids[n] = (await createUser(ctx.db, { category: 'client', companyName: `Bidder ${n}` })).id;
}, 60_000);
afterAll(() => ctx.close());

interface Step {
  who: Who;
  amount: number;
  max?: number;
  outcome: ModelOutcome;
  /** Offers this step creates, in order: "B 1.50" or "A 1.52 auto". */
  offers?: string[];
}
interface Scenario {
  name: string;
  start: number;
  reserve?: number;
  steps: Step[];
  final: { leader: Who | null; highest: number | null; reserveMet: boolean | null };
}

const c = (euros: number) => Math.round(euros * 100);
const label = (who: string, cents: number, auto: boolean) => `${who} ${(cents / 100).toFixed(2)}${auto ? ' auto' : ''}`;

const scenarios: Scenario[] = [
  {
    name: 'a single bid at the starting price, then a plain outbid by one band step',
    start: 1,
    steps: [
      { who: 'A', amount: 1, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.01, outcome: 'BID_TOO_LOW' },
      { who: 'B', amount: 1.02, outcome: 'OK', offers: ['B 1.02'] },
    ],
    final: { leader: 'B', highest: 1.02, reserveMet: null },
  },
  {
    name: 'the leader cannot outbid itself (ALREADY_HIGHEST)',
    start: 1,
    steps: [
      { who: 'A', amount: 1.5, outcome: 'OK', offers: ['A 1.50'] },
      { who: 'A', amount: 2, outcome: 'ALREADY_HIGHEST' },
    ],
    final: { leader: 'A', highest: 1.5, reserveMet: null },
  },
  {
    name: 'proxy vs single bids: the proxy opens at the minimum and answers one step above, up to its maximum; equal to the maximum → the proxy keeps the lead',
    start: 1,
    steps: [
      { who: 'A', amount: 1, max: 3, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.5, outcome: 'OK', offers: ['B 1.50', 'A 1.52 auto'] },
      { who: 'B', amount: 2.9, outcome: 'OK', offers: ['B 2.90', 'A 2.92 auto'] },
      { who: 'B', amount: 3, outcome: 'OK', offers: ['B 3.00', 'A 3.00 auto'] },
      { who: 'B', amount: 3.01, outcome: 'BID_TOO_LOW' },
      { who: 'B', amount: 3.02, outcome: 'OK', offers: ['B 3.02'] },
    ],
    final: { leader: 'B', highest: 3.02, reserveMet: null },
  },
  {
    name: 'a proxy never bids against its own owner, and a raise of one own maximum places no offer',
    start: 1,
    steps: [
      { who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'A', amount: 1.02, outcome: 'ALREADY_HIGHEST' },
      { who: 'A', amount: 1.02, max: 4, outcome: 'RAISED' },
      { who: 'A', amount: 1.02, max: 1.01, outcome: 'MAX_BELOW_MINIMUM' },
      { who: 'B', amount: 3, outcome: 'OK', offers: ['B 3.00', 'A 3.02 auto'] },
    ],
    final: { leader: 'A', highest: 3.02, reserveMet: null },
  },
  {
    name: 'proxy vs proxy: the higher maximum leads at the lower maximum + one increment',
    start: 1,
    steps: [
      { who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1, max: 3, outcome: 'OK', offers: ['A 2.00 auto', 'B 2.02'] },
      { who: 'C', amount: 2.04, max: 2.5, outcome: 'OK', offers: ['C 2.50', 'B 2.52 auto'] },
    ],
    final: { leader: 'B', highest: 2.52, reserveMet: null },
  },
  {
    name: 'proxy vs proxy, the newcomer capped by its own maximum',
    start: 1,
    steps: [
      { who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.02, max: 2.01, outcome: 'OK', offers: ['A 2.00 auto', 'B 2.01'] },
    ],
    final: { leader: 'B', highest: 2.01, reserveMet: null },
  },
  {
    name: 'equal maxima: the earlier one leads, at that maximum',
    start: 1,
    steps: [
      { who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.02, max: 2, outcome: 'OK', offers: ['B 2.00', 'A 2.00 auto'] },
      { who: 'C', amount: 2, max: 2, outcome: 'MAX_BELOW_MINIMUM' },
    ],
    final: { leader: 'A', highest: 2, reserveMet: null },
  },
  {
    name: 'a maximum below the next minimum, or below the bid itself, is refused',
    start: 1,
    steps: [
      { who: 'A', amount: 1.5, outcome: 'OK', offers: ['A 1.50'] },
      { who: 'B', amount: 1.52, max: 1.51, outcome: 'MAX_BELOW_MINIMUM' },
      { who: 'B', amount: 1.6, max: 1.55, outcome: 'MAX_BELOW_MINIMUM' },
      { who: 'B', amount: 1.52, max: 1.52, outcome: 'OK', offers: ['B 1.52'] },
    ],
    final: { leader: 'B', highest: 1.52, reserveMet: null },
  },
  {
    name: 'increments across band edges (0,99 → 1,00 → 1,02; 4,99 → 5,01; 5,00 → 5,05)',
    start: 0.98,
    steps: [
      { who: 'A', amount: 0.98, outcome: 'OK', offers: ['A 0.98'] },
      { who: 'B', amount: 0.99, outcome: 'OK', offers: ['B 0.99'] },
      { who: 'A', amount: 1, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.01, outcome: 'BID_TOO_LOW' },
      { who: 'B', amount: 1.02, max: 6, outcome: 'OK', offers: ['B 1.02'] },
      { who: 'A', amount: 4.99, outcome: 'OK', offers: ['A 4.99', 'B 5.01 auto'] },
      { who: 'A', amount: 5.03, outcome: 'BID_TOO_LOW' },
      { who: 'A', amount: 5.06, outcome: 'OK', offers: ['A 5.06', 'B 5.11 auto'] },
    ],
    final: { leader: 'B', highest: 5.11, reserveMet: null },
  },
  {
    name: 'reserve above every maximum: not met, the price stays low',
    start: 1,
    reserve: 5,
    steps: [
      { who: 'A', amount: 1, max: 3, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.02, max: 4, outcome: 'OK', offers: ['A 3.00 auto', 'B 3.02'] },
    ],
    final: { leader: 'B', highest: 3.02, reserveMet: false },
  },
  {
    name: 'a maximum at the reserve lifts the price to the reserve at once',
    start: 1,
    reserve: 2,
    steps: [{ who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 2.00'] }],
    final: { leader: 'A', highest: 2, reserveMet: true },
  },
  {
    name: 'a maximum above the reserve lifts to the reserve, then answers above it',
    start: 1,
    reserve: 2,
    steps: [
      { who: 'A', amount: 1, max: 3, outcome: 'OK', offers: ['A 2.00'] },
      { who: 'B', amount: 2.02, max: 2.5, outcome: 'OK', offers: ['B 2.50', 'A 2.52 auto'] },
    ],
    final: { leader: 'A', highest: 2.52, reserveMet: true },
  },
  {
    name: 'reserve between two maxima: the higher one pays the reserve',
    start: 1,
    reserve: 3,
    steps: [
      { who: 'A', amount: 1, max: 2, outcome: 'OK', offers: ['A 1.00'] },
      { who: 'B', amount: 1.02, max: 4, outcome: 'OK', offers: ['A 2.00 auto', 'B 3.00'] },
    ],
    final: { leader: 'B', highest: 3, reserveMet: true },
  },
  {
    name: 'the leader raising its maximum to the reserve lifts the price (an automatic offer)',
    start: 1,
    reserve: 2.5,
    steps: [
      { who: 'A', amount: 1.2, outcome: 'OK', offers: ['A 1.20'] },
      { who: 'A', amount: 1.22, max: 2, outcome: 'RAISED' },
      { who: 'A', amount: 1.22, max: 2.5, outcome: 'OK', offers: ['A 2.50 auto'] },
    ],
    final: { leader: 'A', highest: 2.5, reserveMet: true },
  },
  {
    name: 'a plain bid below the reserve does not meet it; one at the reserve does',
    start: 1,
    reserve: 2,
    steps: [
      { who: 'A', amount: 1.98, outcome: 'OK', offers: ['A 1.98'] },
      { who: 'B', amount: 2, outcome: 'OK', offers: ['B 2.00'] },
    ],
    final: { leader: 'B', highest: 2, reserveMet: true },
  },
];

describe('bid engine table: the model and place_bid give the stated result', () => {
  it.each(scenarios)('$name', async (s) => {
    const now = Date.now();
    const lot = await createAuction(ctx.db, { supplierId: sellerId, price: s.start, reservePrice: s.reserve });
    const model = newModelLot(c(s.start), lot.auctionStartDate!.getTime(), lot.endsAt!.getTime(), s.reserve === undefined ? null : c(s.reserve));
    const whoById = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    for (const [i, step] of s.steps.entries()) {
      const at = `step ${i + 1} (${step.who} ${step.amount}${step.max ? ` max ${step.max}` : ''})`;
      const m = placeBidModel(model, ids[step.who]!, c(step.amount), step.max === undefined ? null : c(step.max), now);
      expect(m.outcome, `model ${at}`).toBe(step.outcome);
      expect(
        m.created.map((o) => label(whoById[o.user]!, o.cents, o.auto)),
        `model ${at}`,
      ).toEqual(step.offers ?? []);

      const rows = await repo.placeBid(ctx.db, lot.id, ids[step.who]!, step.amount.toFixed(2), step.max === undefined ? null : step.max.toFixed(2), null);
      expect(rows[0]!.outcome, `place_bid ${at}`).toBe(step.outcome);
      const created = rows.filter((r) => r.created);
      expect(
        created.map((r) => label(whoById[r.userId!]!, c(r.amount!), r.auto)),
        `place_bid ${at}`,
      ).toEqual(step.offers ?? []);
      // Exactly one created offer is the bidder's own (or none for a raise).
      if (created.length) expect(created.filter((r) => r.mine).length).toBe(1);
    }
    const lead = leadingOffer(model);
    expect({ leader: lead ? whoById[lead.user] : null, highest: lead ? lead.cents / 100 : null, reserveMet: reserveMet(model) }).toEqual(s.final);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    expect(row!.highestAmount === null ? null : Number(row!.highestAmount)).toBe(s.final.highest);
    const bidders = new Set(model.offers.map((o) => o.user)).size;
    expect(row!.bidderCount).toBe(bidders);
    const mine = await repo.myBid(ctx.db, lot.id, ids.A!);
    expect(mine.leaderId === null ? null : whoById[mine.leaderId]).toBe(s.final.leader);
  });
});

describe('soft close table: the model and place_bid move the end alike', () => {
  const W = 120_000;
  interface Case {
    name: string;
    /** Start of the auction, ms before now. */
    startedAgo: number;
    /** Current end, ms after now. */
    endsIn: number;
    amount: number;
    outcome: ModelOutcome;
    end: 'unchanged' | 'bid+2min' | 'cap';
  }
  const D = AUCTION_DURATION_MS;
  const X = SOFT_CLOSE_MAX_EXTENSION_MS;
  const cases: Case[] = [
    { name: 'outside the window: the end stays', startedAgo: D - 600_000, endsIn: 600_000, amount: 1, outcome: 'OK', end: 'unchanged' },
    { name: 'inside the window: the end moves to the bid + 2 min', startedAgo: D - 60_000, endsIn: 60_000, amount: 1, outcome: 'OK', end: 'bid+2min' },
    {
      name: 'already extended past the original end: still open, moves again',
      startedAgo: D + 60_000,
      endsIn: 30_000,
      amount: 1,
      outcome: 'OK',
      end: 'bid+2min',
    },
    { name: 'near the cap: the end stops at the original end + 30 min', startedAgo: D + X - 30_000, endsIn: 20_000, amount: 1, outcome: 'OK', end: 'cap' },
    { name: 'a refused bid near the end never extends it', startedAgo: D - 60_000, endsIn: 60_000, amount: 0.5, outcome: 'BID_TOO_LOW', end: 'unchanged' },
    {
      name: 'after the current end (before the cap): closed, no extension',
      startedAgo: D + 60_000,
      endsIn: -1,
      amount: 1,
      outcome: 'AUCTION_CLOSED',
      end: 'unchanged',
    },
  ];
  it.each(cases)('$name', async (k) => {
    const now = Date.now();
    const start = new Date(now - k.startedAgo);
    const endsAt = new Date(now + k.endsIn);
    const lot = await createAuction(ctx.db, { supplierId: sellerId, price: 1, auctionStartDate: start, endsAt });
    const rows = await repo.placeBid(ctx.db, lot.id, ids.A!, k.amount.toFixed(2), null, null);
    expect(rows[0]!.outcome).toBe(k.outcome);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, lot.id));
    const newEnd = row!.endsAt!.getTime();
    const cap = start.getTime() + D + X;
    if (k.end === 'unchanged') expect(newEnd).toBe(endsAt.getTime());
    if (k.end === 'bid+2min') expect(newEnd).toBe(rows[0]!.at!.getTime() + W);
    if (k.end === 'cap') expect(newEnd).toBe(cap);
    expect(newEnd).toBeLessThanOrEqual(Math.max(cap, endsAt.getTime()));
    if (k.outcome === 'OK') {
      expect(rows[0]!.endsAt!.getTime()).toBe(newEnd);
      // The shared rule gives the same end for the same bid time.
      expect(softCloseEndMs(endsAt.getTime(), rows[0]!.at!.getTime(), start)).toBe(newEnd);
      const model = newModelLot(100, start.getTime(), endsAt.getTime());
      placeBidModel(model, 1, c(k.amount), null, rows[0]!.at!.getTime());
      expect(model.endsAtMs).toBe(newEnd);
    } else {
      const model = newModelLot(100, start.getTime(), endsAt.getTime());
      expect(placeBidModel(model, 1, c(k.amount), null, now).outcome).toBe(k.outcome);
      expect(model.endsAtMs).toBe(endsAt.getTime());
    }
  });
});

describe('the SQL increment table and the shared one agree', () => {
  it('next minimum for every highest amount from 0,01 to 1 000 €/kg and several starting prices', async () => {
    for (const [start, upTo] of [
      [64, 100_000],
      [1, 2000],
      [100, 2000],
      [499, 2000],
      [500, 2000],
    ] as const) {
      const res = await ctx.db.execute<{ h: number; m: string }>(
        sql`select h, bid_next_minimum(${(start / 100).toFixed(2)}::numeric, h / 100.0) as m from generate_series(1, ${upTo}::int) as h`,
      );
      expect(res.rows).toHaveLength(upTo);
      const bad = res.rows.filter((r) => c(Number(r.m)) !== nextMinimumCents(start, Number(r.h)));
      expect(bad.slice(0, 5)).toEqual([]);
    }
    const none = await ctx.db.execute<{ m: string }>(sql`select bid_next_minimum(0.64, null) as m`);
    expect(c(Number(none.rows[0]!.m))).toBe(nextMinimumCents(64, null));
  }, 60_000);
});
