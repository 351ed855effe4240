import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/build-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('location lookups', () => {
  it('lists every ISO 3166 country with id, name and alpha2', async () => {
    const res = await ctx.app.inject({ url: '/api/location/origin/getAll' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; name: string; alpha2: string }>;
    expect(list.length).toBeGreaterThanOrEqual(240);
    const codes = new Set(list.map((c) => c.alpha2));
    for (const a2 of ['ES', 'FR', 'DE', 'NL', 'MA', 'EG', 'TR', 'IL', 'ZA', 'CL', 'PE', 'BR', 'AR', 'KE', 'NZ', 'CR', 'CO', 'EC', 'MX', 'US']) {
      expect(codes).toContain(a2);
    }
  });

  it("lists a country's real cities, including the produce hubs", async () => {
    const res = await ctx.app.inject({ url: '/api/location/city/getByCountry/es' });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as Array<{ name: string }>).map((c) => c.name);
    for (const n of ['Almería', 'El Ejido', 'Murcia', 'Valencia', 'Huelva']) expect(names).toContain(n);
  });

  it.each(['MA', 'ZA', 'CL', 'NZ', 'US', 'HR', 'PL'])('has cities for %s', async (a2) => {
    const res = await ctx.app.inject({ url: `/api/location/city/getByCountry/${a2}` });
    expect(res.json().length).toBeGreaterThan(3);
  });

  it('answers 404 for an unknown country and 400 for a malformed code', async () => {
    expect((await ctx.app.inject({ url: '/api/location/city/getByCountry/QQ' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/location/city/getByCountry/ESP' })).statusCode).toBe(400);
  });
});
