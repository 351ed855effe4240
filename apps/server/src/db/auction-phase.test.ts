import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { AUCTION_DURATION_MS, auctionPhase } from '@primeur/shared';
import { freshDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { auctionEndedSql, auctionOpenSql, lotAlias } from './auction-phase.js';
import { createProduct } from './factories/listings.js';
import { products } from './schema/index.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const HOUR = 3_600_000;

describe('the SQL twin of auctionPhase', () => {
  it('answers open and ended as auctionPhase does, at the edges too, through the table or an alias', async () => {
    const at = new Date(Date.now() + 30 * 86_400_000);
    const t = at.getTime();
    const cases = [
      { start: t + HOUR }, // not started
      { start: t }, // starts exactly now: open
      { start: t - HOUR }, // open
      { start: t - AUCTION_DURATION_MS + 1 }, // last millisecond
      { start: t - AUCTION_DURATION_MS }, // ends exactly now: ended
      { start: t - AUCTION_DURATION_MS - HOUR, endsAt: t + HOUR }, // moved by soft close: open
      { start: t - 2 * AUCTION_DURATION_MS }, // ended
    ];
    const lots = [];
    for (const c of cases) {
      lots.push(
        await createProduct(database.db, {
          auctionStartDate: new Date(c.start),
          ...(c.endsAt ? { endsAt: new Date(c.endsAt) } : {}),
          availableUntil: '2199-12-31',
        }),
      );
    }
    const fixed = await createProduct(database.db, {});
    const ids = [...lots.map((l) => l.id), fixed.id];

    const viaTable = await database.db
      .select({ id: products.id, open: auctionOpenSql(undefined, at), ended: auctionEndedSql(undefined, at) })
      .from(products)
      .where(inArray(products.id, ids));
    const viaAlias = (
      await database.db.execute<{ id: number; open: boolean; ended: boolean }>(sql`
        select p.id, ${auctionOpenSql(lotAlias('p'), at)} as open, ${auctionEndedSql(lotAlias('p'), at)} as ended
        from products p where p.id in (${sql.join(ids, sql`, `)})`)
    ).rows;

    for (const rows of [viaTable, viaAlias]) {
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const lot of lots) {
        const phase = auctionPhase({ startsAt: lot.auctionStartDate!, endsAt: lot.endsAt! }, t);
        expect(
          { open: Boolean(byId.get(lot.id)!.open), ended: Boolean(byId.get(lot.id)!.ended) },
          `lot starting ${lot.auctionStartDate!.toISOString()}`,
        ).toEqual({
          open: phase === 'open',
          ended: phase === 'ended',
        });
      }
      // A fixed-price lot has no auction phase.
      expect(Boolean(byId.get(fixed.id)!.open) || Boolean(byId.get(fixed.id)!.ended)).toBe(false);
    }
  });

  it('compares with the database clock by default, and is neither open nor ended once the lot is closed', async () => {
    const running = await createProduct(database.db, { auctionStartDate: new Date(Date.now() - HOUR) });
    const read = async () =>
      (await database.db.select({ open: auctionOpenSql(), ended: auctionEndedSql() }).from(products).where(eq(products.id, running.id)))[0]!;
    expect(await read()).toEqual({ open: true, ended: false });
    await database.db.update(products).set({ status: 'EXPIRED' }).where(eq(products.id, running.id));
    expect(await read()).toEqual({ open: false, ended: false });
  });

  it('refuses anything but a plain table alias', () => {
    expect(() => lotAlias('p; drop table products')).toThrow(/alias/);
  });
});
