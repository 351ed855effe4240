import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/build-app.js';
import { createUser } from '../../db/factories.js';
import { createAuction } from '../../db/factories/listings.js';
import { products } from '../../db/schema/index.js';
import * as repo from './auctions.repository.js';
import { leadingOffer, newModelLot, placeBidModel } from './engine-model.js';

/**
 * The proxy rule of issue 19, as an oracle that shares no code with the engine: every expected
 * leader and price below was worked out by hand from the written rule (decision 701):
 *
 *   after a new bid or maximum, the leader is the highest ceiling (maximum, or plain bid), the
 *   earlier one on ties; the price is min(leader's ceiling, runner-up's ceiling + the increment at
 *   that amount), never below the next minimum the newcomer met nor the amount it typed, lifted to
 *   the reserve when the leader's ceiling reaches it.
 *
 * Increments: below 1 €/kg 0,01; from 1 to 5 €/kg 0,02; from 5 €/kg 0,05 (of the amount they are
 * added to). Each line is "<bidder> <amount>[ max <maximum>] => [<refusal or RAISED> ]<leader> <price>";
 * the leader and price are the lot's after that step. Each sequence runs through place_bid (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL) and through the TypeScript model; both must match the table.
 */
interface Sequence {
  name: string;
  start: number;
  reserve?: number;
  steps: string[];
}

const sequences: Sequence[] = [
  {
    name: 'issue 19: maxima 8,35 (A), 8,27 (B), 8,88 (C) → C leads at 8,40, not 8,37',
    start: 8,
    steps: ['A 8.00 max 8.35 => A 8.00', 'B 8.05 max 8.27 => A 8.32', 'C 8.37 max 8.88 => C 8.40'],
  },
  {
    name: 'the same, C bids the next minimum plainly: C leads at its bid 8,37',
    start: 8,
    steps: ['A 8.00 max 8.35 => A 8.00', 'B 8.05 max 8.27 => A 8.32', 'C 8.37 => C 8.37'],
  },
  {
    name: "the same, C's maximum 8,38 caps the price below 8,35 + 0,05",
    start: 8,
    steps: ['A 8.00 max 8.35 => A 8.00', 'B 8.05 max 8.27 => A 8.32', 'C 8.37 max 8.38 => C 8.38'],
  },
  {
    name: 'maximum between price and next minimum, 1-5 band: 1,61 is the runner-up → 1,63',
    start: 1,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.62 max 3.00 => C 1.63'],
  },
  {
    name: 'maximum between price and next minimum across the 5 €/kg edge → 5,02 + 0,05',
    start: 4,
    steps: ['A 4.00 max 5.02 => A 4.00', 'B 4.02 max 4.99 => A 5.01', 'C 5.06 max 6.00 => C 5.07'],
  },
  {
    name: 'maximum between price and next minimum, ≥ 5 band: 11,08 + 0,05',
    start: 10,
    steps: ['A 10.00 max 11.08 => A 10.00', 'B 10.05 max 11.00 => A 11.05', 'C 11.10 max 20.00 => C 11.13'],
  },
  {
    name: 'a plain bid at the next minimum above a maximum between price and next minimum',
    start: 1,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.62 => C 1.62'],
  },
  {
    name: 'a plain bid under the next minimum is refused even if above the hidden maximum',
    start: 1,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.61 => BID_TOO_LOW A 1.60'],
  },
  {
    name: 'equal maxima: the earlier leads, at that maximum',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.02 max 2.00 => A 2.00'],
  },
  {
    name: 'equal maxima, then a third equal maximum is under the next minimum',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.02 max 2.00 => A 2.00', 'C 2.00 max 2.00 => MAX_BELOW_MINIMUM A 2.00'],
  },
  {
    name: 'a plain bid equal to the leader maximum: the maximum, earlier, keeps the lead',
    start: 1,
    steps: ['A 1.00 max 1.50 => A 1.00', 'B 1.50 => A 1.50', 'B 1.52 => B 1.52'],
  },
  {
    name: 'a maximum tying the leader maximum after an automatic answer',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.50 max 1.80 => A 1.82', 'C 1.84 max 2.00 => A 2.00'],
  },
  {
    name: "the leader's raise places nothing; the raised maximum then answers",
    start: 1,
    steps: ['A 1.00 max 1.20 => A 1.00', 'A 1.02 max 2.00 => RAISED A 1.00', 'B 1.02 max 1.50 => A 1.52'],
  },
  {
    name: 'a raised maximum beaten by a higher one: runner-up 2,00 + 0,02',
    start: 1,
    steps: ['A 1.00 max 1.20 => A 1.00', 'A 1.02 max 2.00 => RAISED A 1.00', 'B 1.02 max 1.50 => A 1.52', 'C 1.54 max 2.50 => C 2.02'],
  },
  {
    name: 'a lowered maximum (still above the next minimum) is what answers',
    start: 1,
    steps: ['A 1.00 max 3.00 => A 1.00', 'B 1.50 => A 1.52', 'A 1.54 max 1.60 => RAISED A 1.52', 'B 1.54 max 1.70 => B 1.62'],
  },
  {
    name: 'a maximum lowered under the next minimum is refused and the old one stands',
    start: 1,
    steps: ['A 1.00 max 3.00 => A 1.00', 'B 1.50 => A 1.52', 'A 1.53 max 1.53 => MAX_BELOW_MINIMUM A 1.52', 'C 1.54 max 2.00 => A 2.02'],
  },
  {
    name: 'a lowered maximum tied by a newcomer: the earlier still leads',
    start: 1,
    steps: ['A 1.00 max 3.00 => A 1.00', 'B 1.50 => A 1.52', 'A 1.54 max 1.80 => RAISED A 1.52', 'C 1.54 max 1.80 => A 1.80'],
  },
  {
    name: 'the newcomer typed more than the runner-up + increment: its amount stands',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 3.00 max 4.00 => B 3.00'],
  },
  {
    name: 'a newcomer whose maximum is below the leader maximum stands at its maximum',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.50 max 1.80 => A 1.82'],
  },
  {
    name: 'the leader maximum reached exactly: the next bid only needs the next minimum',
    start: 1,
    steps: ['A 1.00 max 1.50 => A 1.00', 'B 1.48 => A 1.50', 'C 1.52 max 1.60 => C 1.52'],
  },
  {
    name: 'an automatic answer capped at its maximum, then a plain bid over it',
    start: 1,
    steps: ['A 1.00 max 1.51 => A 1.00', 'B 1.50 => A 1.51', 'B 1.53 => B 1.53'],
  },
  {
    name: 'a beaten bidder comes back with a maximum, then the first one answers with a higher one',
    start: 1,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.50 => A 1.52', 'B 1.54 max 3.00 => B 2.02', 'A 2.04 max 2.50 => B 2.52'],
  },
  {
    name: 'three bidders escalating their maxima',
    start: 1,
    steps: ['A 1.00 max 1.30 => A 1.00', 'B 1.02 max 1.60 => B 1.32', 'C 1.34 max 1.45 => B 1.47', 'A 1.49 max 1.70 => A 1.62'],
  },
  {
    name: 'high band: the top maximum just above the other leads at its own maximum',
    start: 10,
    steps: ['A 10.00 max 12.00 => A 10.00', 'B 10.05 max 11.00 => A 11.05', 'C 11.10 max 12.02 => C 12.02'],
  },
  {
    name: 'below 1 €/kg: plain bids by 0,01, crossing into the 0,02 band',
    start: 0.98,
    steps: ['A 0.98 => A 0.98', 'B 0.99 => B 0.99', 'C 1.00 => C 1.00', 'A 1.01 => BID_TOO_LOW C 1.00', 'A 1.02 => A 1.02'],
  },
  {
    name: 'below 1 €/kg with maxima: one cent steps leave no room between price and next minimum',
    start: 0.5,
    steps: ['A 0.50 max 0.70 => A 0.50', 'B 0.51 max 0.69 => A 0.70', 'C 0.71 => C 0.71'],
  },
  {
    name: 'a maximum at the starting price, then a maximum equal to it is under the next minimum',
    start: 2,
    steps: ['A 2.00 max 2.00 => A 2.00', 'B 2.00 max 2.00 => MAX_BELOW_MINIMUM A 2.00', 'B 2.02 => B 2.02'],
  },
  {
    name: 'reserve above both maxima: the price stays the rule’s, not met',
    start: 1,
    reserve: 2,
    steps: ['A 1.00 max 1.50 => A 1.00', 'B 1.02 max 1.80 => B 1.52'],
  },
  {
    name: 'a maximum over the reserve lifts the price to it; a plain bid over it is answered',
    start: 1,
    reserve: 2,
    steps: ['A 1.00 max 2.50 => A 2.00', 'B 2.02 => A 2.04'],
  },
  {
    name: 'reserve with the between case: the rule gives 1,63, above the reserve 1,62',
    start: 1,
    reserve: 1.62,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.62 max 3.00 => C 1.63'],
  },
  {
    name: 'reserve with the between case: the rule gives 1,63, lifted to the reserve 1,70',
    start: 1,
    reserve: 1.7,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.62 max 3.00 => C 1.70'],
  },
  {
    name: 'reserve out of reach in the between case: 1,63, not met',
    start: 1,
    reserve: 5,
    steps: ['A 1.00 max 1.61 => A 1.00', 'B 1.02 max 1.58 => A 1.60', 'C 1.62 max 1.70 => C 1.63'],
  },
  {
    name: 'the leader raising to the reserve lifts the price; under the reserve it places nothing',
    start: 1,
    reserve: 2,
    steps: ['A 1.00 => A 1.00', 'A 1.02 max 1.90 => RAISED A 1.00', 'A 1.02 max 2.00 => A 2.00'],
  },
  {
    name: 'equal maxima above the reserve: the earlier leads at that maximum',
    start: 1,
    reserve: 2,
    steps: ['A 1.00 max 2.50 => A 2.00', 'B 2.02 max 2.50 => A 2.50'],
  },
  {
    name: 'reserve between two maxima: the higher pays the reserve, not runner-up + increment',
    start: 1,
    reserve: 3,
    steps: ['A 1.00 max 2.00 => A 1.00', 'B 1.02 max 4.00 => B 3.00'],
  },
  {
    name: 'the leader cannot outbid itself; another bidder can',
    start: 1,
    steps: ['A 1.50 => A 1.50', 'A 2.00 => ALREADY_HIGHEST A 1.50', 'B 1.52 => B 1.52'],
  },
];

const STEP = /^([ABC]) (\d+\.\d\d)(?: max (\d+\.\d\d))? => (?:([A-Z_]+) )?([ABC]) (\d+\.\d\d)$/;
const c = (euros: string | number) => Math.round(Number(euros) * 100);

function parse(line: string) {
  const m = STEP.exec(line);
  if (!m) throw new Error(`bad step: ${line}`);
  return { who: m[1]!, amount: m[2]!, max: m[3] ?? null, outcome: m[4] ?? 'OK', leader: m[5]!, price: c(m[6]!) };
}

let ctx: TestContext;
let sellerId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0 });
  sellerId = (await createUser(ctx.db, { category: 'supplier' })).id;
  for (const n of ['A', 'B', 'C']) ids[n] = (await createUser(ctx.db, { category: 'client', companyName: `Oracle ${n}` })).id;
}, 60_000);
afterAll(() => ctx.close());

describe('the proxy rule, hand-worked (issue 19)', () => {
  it('has at least 30 sequences', () => {
    expect(sequences.length).toBeGreaterThanOrEqual(30);
  });

  it.each(sequences)('$name', async (s) => {
    const lot = await createAuction(ctx.db, { supplierId: sellerId, price: s.start, reservePrice: s.reserve });
    const model = newModelLot(c(s.start), lot.auctionStartDate!.getTime(), lot.endsAt!.getTime(), s.reserve === undefined ? null : c(s.reserve));
    const whoById = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    for (const line of s.steps) {
      const step = parse(line);
      const rows = await repo.placeBid(ctx.db, lot.id, ids[step.who]!, step.amount, step.max, null);
      expect(rows[0]!.outcome, `place_bid: ${line}`).toBe(step.outcome);
      const [row] = await ctx.db.select({ highest: products.highestAmount }).from(products).where(eq(products.id, lot.id));
      const state = await repo.myBid(ctx.db, lot.id, ids.A!);
      expect({ leader: whoById[state.leaderId!], price: c(row!.highest!) }, `place_bid: ${line}`).toEqual({ leader: step.leader, price: step.price });

      const m = placeBidModel(model, ids[step.who]!, c(step.amount), step.max === null ? null : c(step.max), Date.now());
      expect(m.outcome, `model: ${line}`).toBe(step.outcome);
      const lead = leadingOffer(model)!;
      expect({ leader: whoById[lead.user], price: lead.cents }, `model: ${line}`).toEqual({ leader: step.leader, price: step.price });
    }
  });
});
