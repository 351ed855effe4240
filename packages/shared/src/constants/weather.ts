/**
 * The 17 cities of the dashboard's weather widget (spec §2, §9): produce regions and wholesale hubs
 * in the ten countries the trade runs through. The order is the selector's order; the selected index
 * is what the browser keeps, so entries are only ever appended.
 */
export const WEATHER_CITIES = [
  { key: 'almeria', country: 'ES', latitude: 36.834, longitude: -2.4637 },
  { key: 'huelva', country: 'ES', latitude: 37.2614, longitude: -6.9447 },
  { key: 'murcia', country: 'ES', latitude: 37.9922, longitude: -1.1307 },
  { key: 'valencia', country: 'ES', latitude: 39.4699, longitude: -0.3763 },
  { key: 'perpignan', country: 'FR', latitude: 42.6887, longitude: 2.8948 },
  { key: 'avignon', country: 'FR', latitude: 43.9493, longitude: 4.8055 },
  { key: 'rungis', country: 'FR', latitude: 48.748, longitude: 2.3497 },
  { key: 'hamburg', country: 'DE', latitude: 53.5511, longitude: 9.9937 },
  { key: 'berlin', country: 'DE', latitude: 52.52, longitude: 13.405 },
  { key: 'munich', country: 'DE', latitude: 48.1351, longitude: 11.582 },
  { key: 'rotterdam', country: 'NL', latitude: 51.9244, longitude: 4.4777 },
  { key: 'zagreb', country: 'HR', latitude: 45.815, longitude: 15.9819 },
  { key: 'warsaw', country: 'PL', latitude: 52.2297, longitude: 21.0122 },
  { key: 'prague', country: 'CZ', latitude: 50.0755, longitude: 14.4378 },
  { key: 'vienna', country: 'AT', latitude: 48.2082, longitude: 16.3738 },
  { key: 'stockholm', country: 'SE', latitude: 59.3293, longitude: 18.0686 },
  { key: 'copenhagen', country: 'DK', latitude: 55.6761, longitude: 12.5683 },
] as const;
export type WeatherCityKey = (typeof WEATHER_CITIES)[number]['key'];

/** Today plus the next 3 days (spec §9). */
export const WEATHER_FORECAST_DAYS = 4;
export const WEATHER_TIMEZONE = 'Europe/Berlin';
export const WEATHER_DAILY_FIELDS = ['weather_code', 'temperature_2m_max', 'temperature_2m_min', 'wind_speed_10m_max'] as const;
export const WEATHER_CITY_STORAGE_KEY = 'weatherCityIndex';

/**
 * WMO weather interpretation codes as Open-Meteo reports them, each with its condition key (the i18n
 * key and the icon key). Spec §3 lists one icon per condition; showers (80–82) reuse the rain
 * conditions of the same strength, and snow showers (85, 86) take the spec's further snowflake icon.
 */
export const WMO_CONDITIONS = {
  0: 'clear',
  1: 'mainlyClear',
  2: 'partlyCloudy',
  3: 'overcast',
  45: 'fog',
  48: 'rimeFog',
  51: 'drizzleLight',
  53: 'drizzleModerate',
  55: 'drizzleDense',
  56: 'freezingDrizzleLight',
  57: 'freezingDrizzleDense',
  61: 'rainSlight',
  63: 'rainModerate',
  65: 'rainHeavy',
  66: 'freezingRainLight',
  67: 'freezingRainHeavy',
  71: 'snowSlight',
  73: 'snowModerate',
  75: 'snowHeavy',
  77: 'snowGrains',
  80: 'rainSlight',
  81: 'rainModerate',
  82: 'rainHeavy',
  85: 'snowShowers',
  86: 'snowShowers',
  95: 'thunderstorm',
  96: 'thunderstormSlightHail',
  99: 'thunderstormHeavyHail',
} as const satisfies Record<number, string>;
export type WeatherCondition = (typeof WMO_CONDITIONS)[keyof typeof WMO_CONDITIONS];
/** Every distinct condition: one icon and one translated name each. */
export const WEATHER_CONDITIONS = [...new Set(Object.values(WMO_CONDITIONS))] as WeatherCondition[];
export function weatherCondition(code: number): WeatherCondition | undefined {
  return (WMO_CONDITIONS as Record<number, WeatherCondition>)[code];
}
