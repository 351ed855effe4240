import { z } from 'zod';
import { WEATHER_CITIES, WEATHER_DAILY_FIELDS, WEATHER_FORECAST_DAYS, WEATHER_TIMEZONE, type WeatherResponse } from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';

/** Open-Meteo's answer for one location; for several locations it answers a list of these, in order. */
const upstreamLocation = z.object({
  daily_units: z.object({ temperature_2m_max: z.string(), wind_speed_10m_max: z.string() }).partial().optional(),
  daily: z.object({
    time: z.array(z.string()),
    weather_code: z.array(z.number().int()),
    temperature_2m_max: z.array(z.number()),
    temperature_2m_min: z.array(z.number()),
    wind_speed_10m_max: z.array(z.number()),
  }),
});

export interface WeatherOptions {
  apiUrl: string;
  cacheMs: number;
  timeoutMs: number;
}

export const unavailable = (why: string) =>
  new HttpError(503, 'WEATHER_UNAVAILABLE', 'The weather forecast is unavailable at the moment.', [{ path: 'upstream', message: why }]);

/** The forecast URL: every city's coordinates in one request (spec §7: one call for the 17 cities). */
export function forecastUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.searchParams.set('latitude', WEATHER_CITIES.map((c) => c.latitude).join(','));
  url.searchParams.set('longitude', WEATHER_CITIES.map((c) => c.longitude).join(','));
  url.searchParams.set('daily', WEATHER_DAILY_FIELDS.join(','));
  url.searchParams.set('timezone', WEATHER_TIMEZONE);
  url.searchParams.set('forecast_days', String(WEATHER_FORECAST_DAYS));
  return url.toString();
}

/**
 * Fetches the forecast once for all cities and keeps it for the cache period. Concurrent callers
 * share one upstream request; a failure is not cached, so the next call tries again.
 */
export class WeatherService {
  private cached: { at: number; value: WeatherResponse } | undefined;
  private inflight: Promise<WeatherResponse> | undefined;

  constructor(private readonly opts: WeatherOptions) {}

  async forecast(now = Date.now()): Promise<WeatherResponse> {
    if (this.cached && now - this.cached.at < this.opts.cacheMs) return this.cached.value;
    this.inflight ??= this.fetchForecast().finally(() => {
      this.inflight = undefined;
    });
    const value = await this.inflight;
    this.cached = { at: now, value };
    return value;
  }

  private async fetchForecast(): Promise<WeatherResponse> {
    let body: unknown;
    try {
      const res = await fetch(forecastUrl(this.opts.apiUrl), { signal: AbortSignal.timeout(this.opts.timeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw unavailable(`the weather service answered HTTP ${res.status}`);
      body = await res.json();
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw unavailable(`the weather service could not be reached (${(e as Error).message})`);
    }
    const parsed = z
      .array(upstreamLocation)
      .length(WEATHER_CITIES.length)
      .safeParse(Array.isArray(body) ? body : [body]);
    if (!parsed.success) throw unavailable('the weather service answered in an unexpected shape');
    const first = parsed.data[0]!;
    return {
      fetchedAt: new Date().toISOString(),
      units: { temperature: first.daily_units?.temperature_2m_max ?? '°C', windSpeed: first.daily_units?.wind_speed_10m_max ?? 'km/h' },
      cities: WEATHER_CITIES.map((c, index) => {
        const d = parsed.data[index]!.daily;
        return {
          index,
          key: c.key,
          country: c.country,
          latitude: c.latitude,
          longitude: c.longitude,
          daily: d.time.slice(0, WEATHER_FORECAST_DAYS).map((time, i) => ({
            time,
            weather_code: d.weather_code[i]!,
            temperature_2m_max: d.temperature_2m_max[i]!,
            temperature_2m_min: d.temperature_2m_min[i]!,
            wind_speed_10m_max: d.wind_speed_10m_max[i]!,
          })),
        };
      }),
    };
  }
}
