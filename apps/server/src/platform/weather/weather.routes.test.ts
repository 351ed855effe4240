import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEATHER_CITIES } from '@primeur/shared';
import { createTestApp, signedIn, testConfig, type TestContext } from '../../../test/build-app.js';

/** A fake Open-Meteo forecast endpoint on loopback, answering the multi-location shape. */
let fake: Server;
let base: string;
const requests: URL[] = [];
let mode: 'ok' | 'error' | 'garbage' = 'ok';

function forecastFor(lat: number, i: number) {
  const days = ['2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04'];
  return {
    latitude: lat,
    timezone: 'Europe/Berlin',
    daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C', wind_speed_10m_max: 'km/h' },
    daily: {
      time: days,
      weather_code: [0, 3, 61, 95],
      temperature_2m_max: days.map((_, d) => 20 + i + d),
      temperature_2m_min: days.map((_, d) => 10 + i - d),
      wind_speed_10m_max: days.map((_, d) => 12.5 + d),
    },
  };
}

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    if (mode === 'error') return void res.writeHead(500).end('{"error":true,"reason":"boom"}');
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":1}');
    const lats = (url.searchParams.get('latitude') ?? '').split(',').map(Number);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lats.map((lat, i) => forecastFor(lat, i))));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1/forecast`;
  ctx = await createTestApp({ weather: { ...testConfig().weather, apiUrl: base } });
  admin = (await signedIn(ctx, { category: 'admin' })).cookie;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((r) => fake.close(r));
});
beforeEach(() => {
  mode = 'ok';
});

const get = (c: TestContext = ctx, cookie = admin) => c.app.inject({ url: '/api/weather', headers: { cookie } });

describe('GET /api/weather', () => {
  it('asks Open-Meteo once for all 17 cities with the daily fields and the Berlin time zone', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(requests).toHaveLength(1);
    const q = requests[0]!;
    expect(q.pathname).toBe('/v1/forecast');
    expect(q.searchParams.get('latitude')!.split(',')).toHaveLength(17);
    expect(q.searchParams.get('longitude')!.split(',').map(Number)).toEqual(WEATHER_CITIES.map((c) => c.longitude));
    expect(q.searchParams.get('daily')).toBe('weather_code,temperature_2m_max,temperature_2m_min,wind_speed_10m_max');
    expect(q.searchParams.get('timezone')).toBe('Europe/Berlin');
    expect(q.searchParams.get('forecast_days')).toBe('4');
  });

  it('answers today plus 3 days for each of the 17 cities, in the selector order', async () => {
    const body = (await get()).json();
    expect(body.cities).toHaveLength(17);
    expect(new Set(body.cities.map((c: { country: string }) => c.country))).toEqual(new Set(['ES', 'FR', 'DE', 'NL', 'HR', 'PL', 'CZ', 'AT', 'SE', 'DK']));
    expect(body.cities[0]).toMatchObject({ index: 0, key: 'almeria', country: 'ES' });
    expect(body.cities[16].daily).toHaveLength(4);
    expect(body.cities[16].daily[0]).toEqual({ time: '2026-04-01', weather_code: 0, temperature_2m_max: 36, temperature_2m_min: 26, wind_speed_10m_max: 12.5 });
    expect(body.units).toEqual({ temperature: '°C', windSpeed: 'km/h' });
  });

  it('serves the cached forecast within the hour without asking upstream again', async () => {
    const before = requests.length;
    mode = 'error';
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(200);
    expect(requests.length).toBe(before);
  });

  it('answers 503 with a clear error when upstream fails, then recovers', async () => {
    const fresh = await createTestApp({ weather: { apiUrl: base, cacheMs: 3_600_000, timeoutMs: 2000 } });
    const cookie = (await signedIn(fresh, { category: 'admin' })).cookie;
    mode = 'error';
    const res = await get(fresh, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'WEATHER_UNAVAILABLE', error: 'The weather forecast is unavailable at the moment.' });
    expect(res.json().details[0].message).toContain('HTTP 500');
    mode = 'garbage';
    expect((await get(fresh, cookie)).statusCode).toBe(503);
    // A failure is not cached: the next call asks again and succeeds.
    mode = 'ok';
    expect((await get(fresh, cookie)).statusCode).toBe(200);
    await fresh.close();
  });

  it('answers 503 when upstream cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const down = await createTestApp({ weather: { apiUrl: `http://127.0.0.1:${port}/v1/forecast`, cacheMs: 3_600_000, timeoutMs: 2000 } });
    const cookie = (await signedIn(down, { category: 'admin' })).cookie;
    const res = await get(down, cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().details[0].message).toContain('could not be reached');
    await down.close();
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/weather' })).statusCode).toBe(401);
    const buyer = (await signedIn(ctx, { category: 'client' })).cookie;
    expect((await get(ctx, buyer)).statusCode).toBe(403);
  });
});
