import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../../test/database.js';
import type { Database } from '../client.js';
import { seedPrices } from './prices.js';

let database: Database;
const today = new Date(2026, 10, 21, 9, 30);

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.transaction((tx) => seedPrices(tx, today));
});
afterAll(() => database.close());

const one = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows[0] as T;

describe('demo prices', () => {
  it('covers 90 days up to and including today, for at least 30 products of both families', async () => {
    const m = await one<{ first: string; last: string; days: number; products: number; families: number }>(
      sql`select min(date)::text as first, max(date)::text as last, count(distinct date)::int as days, count(distinct name)::int as products, count(distinct family)::int as families from market_prices`,
    );
    expect(m).toEqual({ first: '2026-08-24', last: '2026-11-21', days: 90, products: 37, families: 2 });
    const g = await one<{ days: number; products: number }>(
      sql`select count(distinct date)::int as days, count(distinct name)::int as products from grower_prices`,
    );
    expect(g).toEqual({ days: 90, products: 37 });
  });

  it('has every product every day, with min ≤ avg ≤ max and falling grower cuts', async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from market_prices`);
    expect(n).toBe(90 * 37);
    const { bad } = await one<{ bad: number }>(
      sql`select count(*)::int as bad from grower_prices where second_price > first_price or fifteenth_price > tenth_price or tenth_price is null`,
    );
    expect(bad).toBe(0);
  });

  it('moves from day to day, both up and down', async () => {
    const rows = (await database.db.execute(sql`select avg_price::float as p from market_prices where name = 'Round tomato' order by date`)).rows as Array<{
      p: number;
    }>;
    const moves = rows.slice(1).map((r, i) => Math.sign(Math.round(r.p * 100) - Math.round(rows[i]!.p * 100)));
    expect(moves).toContain(1);
    expect(moves).toContain(-1);
  });

  it('gives the same prices for the same day on every start', async () => {
    const again = await freshDatabase();
    await again.db.transaction((tx) => seedPrices(tx, today));
    const q = sql`select name, avg_price, first_price from market_prices join grower_prices using (date, family, name) where date = '2026-10-01' order by name`;
    expect((await again.db.execute(q)).rows).toEqual((await database.db.execute(q)).rows);
    await again.close();
  });
});
