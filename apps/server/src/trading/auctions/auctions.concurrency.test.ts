import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signedIn, type TestContext } from '../../../test/build-app.js';
import { createAuction } from '../../db/factories/listings.js';
import { offers } from '../../db/schema/index.js';
import { closeAuctions } from './auction-closer.js';
import { expectClosedAtReplayedEnd, softClosedAuction } from '../../../test/soft-close.js';

/**
 * Many bidders at once on one lot (real PostgreSQL with TEST_DATABASE_URL, where they truly run in
 * parallel on separate connections; PGlite runs them one by one, so there it checks the rules only).
 */
let ctx: TestContext;
const BIDDERS = 20;
const BIDS_EACH = 25;
let cookies: string[] = [];
let sellerId: number;

beforeAll(async () => {
  ctx = await createTestApp({ auctionCloseIntervalMs: 0 });
  sellerId = (await signedIn(ctx, { category: 'supplier' })).user.id;
  cookies = [];
  for (let i = 0; i < BIDDERS; i++) cookies.push((await signedIn(ctx, { category: 'client', companyName: `Bidder ${i}` })).cookie);
}, 60_000);
afterAll(() => ctx.close());

interface Answer {
  status: number;
  body: { id?: number; amount?: number; date?: string; code?: string; highest?: number | null };
}

/** One bidder: always bids a little above the last highest amount it heard of. */
async function bidder(productId: number, cookie: string, bids: number, start: number, until?: () => boolean) {
  const answers: Answer[] = [];
  let highest = start;
  for (let k = 0; until ? !until() : k < bids; k++) {
    const amount = Math.round((highest + 0.01 * (1 + Math.floor(Math.random() * 3))) * 100) / 100;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/auction/offers/add/${productId}`,
      headers: { cookie },
      payload: { amount },
    });
    const body = res.json() as Answer['body'];
    answers.push({ status: res.statusCode, body });
    if (res.statusCode === 200) highest = body.amount!;
    else if (body.code === 'BID_TOO_LOW' && body.highest != null) highest = body.highest;
  }
  return answers;
}

async function storedOffers(productId: number) {
  return (await ctx.db.select().from(offers).where(eq(offers.productId, productId))).sort((a, b) => a.id - b.id);
}

describe('bids in parallel', () => {
  it(`${BIDDERS} bidders × ${BIDS_EACH} bids: every acknowledged bid is stored, stored offers strictly increase, none below the rules`, async () => {
    const lot = await createAuction(ctx.db, { supplierId: sellerId, price: 1 });
    const answers = (await Promise.all(cookies.map((c) => bidder(lot.id, c, BIDS_EACH, 0.99)))).flat();
    expect(answers).toHaveLength(BIDDERS * BIDS_EACH);
    // A bidder that already leads is refused (ALREADY_HIGHEST) instead of outbidding itself.
    for (const a of answers)
      expect(a.status === 200 || (a.status === 409 && (a.body.code === 'BID_TOO_LOW' || a.body.code === 'ALREADY_HIGHEST')), JSON.stringify(a)).toBe(true);

    const accepted = answers.filter((a) => a.status === 200).map((a) => a.body.id!);
    const stored = await storedOffers(lot.id);
    expect(stored.map((o) => o.id).sort((a, b) => a - b)).toEqual([...accepted].sort((a, b) => a - b));
    expect(Number(stored[0]!.amount)).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < stored.length; i++) {
      // Commit order = id order on one lot (inserts are serialized by the row lock).
      expect(Math.round(Number(stored[i]!.amount) * 100) - Math.round(Number(stored[i - 1]!.amount) * 100)).toBeGreaterThanOrEqual(1);
      expect(stored[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(stored[i - 1]!.createdAt.getTime());
    }
    console.info(`parallel bids (${ctx.database.kind}): ${accepted.length} accepted of ${answers.length}`);
  }, 120_000);

  // A second connection that holds a lock while the closer runs: PostgreSQL only (PGlite has one session).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a due lot closes while another transaction writes a row that references it (a notice, an order), and is skipped while a bid holds it',
    async () => {
      const lot = await createAuction(ctx.db, { supplierId: sellerId, price: 1, endsAt: new Date(Date.now() - 1000) });
      const held = await createAuction(ctx.db, { supplierId: sellerId, price: 1, endsAt: new Date(Date.now() - 1000) });
      const other = await ctx.database.pool!.connect();
      try {
        await other.query('begin');
        // The lock a foreign key check takes on the referenced row while a notice or an order is inserted.
        await other.query('select id from products where id = $1 for key share', [lot.id]);
        // The lock place_bid takes on the lot it bids on.
        await other.query('select id from products where id = $1 for update', [held.id]);
        const closed = (await closeAuctions(ctx.db)).map((c) => c.productId);
        expect(closed).toContain(lot.id);
        expect(closed).not.toContain(held.id);
      } finally {
        await other.query('rollback');
        other.release();
      }
      expect((await closeAuctions(ctx.db)).map((c) => c.productId)).toContain(held.id);
    },
  );

  it('bids racing the soft-closed end: none accepted after the current end, the end stops at the cap, the recorded winner is the last accepted bid', async () => {
    // Soft close already moved this lot's end; its cap (original end + 30 min) is 5 s away, so
    // every accepted bid now moves the end to the cap and no further.
    const closing = await softClosedAuction(ctx.db, { supplierId: sellerId, price: 1 }, 5000, 4000);
    const { lot, cap } = closing;
    const stopAt = cap + 700;
    const over = () => Date.now() > stopAt;
    // Several closers, as if several instances ran the job, hammering through the closing instant.
    const closers = Array.from({ length: 3 }, async () => {
      while (!over()) {
        await closeAuctions(ctx.db);
        // eslint-disable-next-line no-restricted-syntax -- real clock: closers run on a period, as the job does, across the closing instant.
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    const answers = (await Promise.all([...cookies.map((c) => bidder(lot.id, c, 0, 0.99, over)), ...closers])).flat().filter(Boolean) as Answer[];
    await closeAuctions(ctx.db);

    const accepted = answers.filter((a) => a.status === 200);
    const closed = answers.filter((a) => a.status === 409 && a.body.code === 'AUCTION_CLOSED');
    expect(accepted.length, JSON.stringify(answers.slice(0, 3))).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    for (const a of answers) expect([200, 409]).toContain(a.status);

    const stored = await storedOffers(lot.id);
    expect(stored.map((o) => o.id).sort((a, b) => a - b)).toEqual(accepted.map((a) => a.body.id!).sort((a, b) => a - b));
    // Replay the end as each accepted offer moved it: every offer came before the end of its moment.
    const row = await expectClosedAtReplayedEnd(ctx.db, closing, stored);
    expect(row.winningOfferId).toBe(stored[stored.length - 1]!.id);
    console.info(`closing race (${ctx.database.kind}): ${accepted.length} accepted, ${closed.length} refused as closed`);
  }, 120_000);
});
