import { z } from 'zod';

/** One day of forecast, with the field names of the spec (§3) and of Open-Meteo. */
export const weatherDay = z.object({
  time: z.string(),
  weather_code: z.number().int(),
  temperature_2m_max: z.number(),
  temperature_2m_min: z.number(),
  wind_speed_10m_max: z.number(),
});
export type WeatherDay = z.infer<typeof weatherDay>;

export const weatherCityForecast = z.object({
  index: z.number().int(),
  key: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  daily: z.array(weatherDay),
});
export const weatherResponse = z.object({
  fetchedAt: z.string(),
  units: z.object({ temperature: z.string(), windSpeed: z.string() }),
  cities: z.array(weatherCityForecast),
});
export type WeatherResponse = z.infer<typeof weatherResponse>;
