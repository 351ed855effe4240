/**
 * A stand-in for Open-Meteo's forecast endpoint on loopback, for the end-to-end run: the app asks it
 * exactly as it asks the real service (WEATHER_API_URL). Each location gets its own conditions, so
 * changing city visibly changes the cards. Port from the first argument.
 */
import { createServer } from 'node:http';
import { addDays, isoDay, WEATHER_TIMEZONE } from '@primeur/shared';

const port = Number(process.argv[2] ?? 3211);
const CODES = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 85, 95, 96, 99];

/** Days as Open-Meteo counts them: in the zone the app asks for (Europe/Berlin). */
function day(offset: number) {
  return addDays(isoDay(Date.now(), WEATHER_TIMEZONE), offset);
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== '/v1/forecast') return void res.writeHead(404).end();
  const lats = (url.searchParams.get('latitude') ?? '').split(',').filter(Boolean).map(Number);
  const days = [0, 1, 2, 3].map(day);
  const body = lats.map((latitude, i) => ({
    latitude,
    timezone: url.searchParams.get('timezone'),
    daily_units: { temperature_2m_max: '°C', wind_speed_10m_max: 'km/h' },
    daily: {
      time: days,
      weather_code: days.map((_, d) => CODES[(i * 4 + d) % CODES.length]),
      temperature_2m_max: days.map((_, d) => Math.round(30 - latitude / 3 + d)),
      temperature_2m_min: days.map((_, d) => Math.round(18 - latitude / 3 - d)),
      wind_speed_10m_max: days.map((_, d) => 10 + i + d),
    },
  }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body.length === 1 ? body[0] : body));
}).listen(port, '127.0.0.1');
