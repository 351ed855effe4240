import type { IconType } from 'react-icons';
import {
  WiCloudy,
  WiDayCloudy,
  WiDayFog,
  WiDayRainMix,
  WiDaySleet,
  WiDaySleetStorm,
  WiDaySnow,
  WiDaySunny,
  WiDaySunnyOvercast,
  WiFog,
  WiHail,
  WiNa,
  WiRain,
  WiRainMix,
  WiRaindrop,
  WiRaindrops,
  WiRainWind,
  WiShowers,
  WiSleet,
  WiSnow,
  WiSnowflakeCold,
  WiSnowWind,
  WiSprinkle,
  WiStormShowers,
  WiThunderstorm,
} from 'react-icons/wi';
import { weatherCondition, type WeatherCondition } from '@primeur/shared';

/**
 * One distinct icon per weather condition of spec §3 (Erik Flowers' Weather Icons, through
 * react-icons). Intensity is told by the icon where the set has a fitting one (drop → drops,
 * showers → rain → rain with wind), and by the translated name in every case.
 */
export const CONDITION_ICONS: Record<WeatherCondition, IconType> = {
  clear: WiDaySunny,
  mainlyClear: WiDaySunnyOvercast,
  partlyCloudy: WiDayCloudy,
  overcast: WiCloudy,
  fog: WiFog,
  rimeFog: WiDayFog,
  drizzleLight: WiRaindrop,
  drizzleModerate: WiSprinkle,
  drizzleDense: WiRaindrops,
  freezingDrizzleLight: WiDaySleet,
  freezingDrizzleDense: WiSleet,
  rainSlight: WiShowers,
  rainModerate: WiRain,
  rainHeavy: WiRainWind,
  freezingRainLight: WiDayRainMix,
  freezingRainHeavy: WiRainMix,
  snowSlight: WiDaySnow,
  snowModerate: WiSnow,
  snowHeavy: WiSnowWind,
  snowGrains: WiHail,
  snowShowers: WiSnowflakeCold,
  thunderstorm: WiThunderstorm,
  thunderstormSlightHail: WiStormShowers,
  thunderstormHeavyHail: WiDaySleetStorm,
};

/** The icon and the i18n key of a WMO code; a code outside the table gets a neutral "n/a" icon. */
export function conditionOf(code: number): { icon: IconType; key: string } {
  const condition = weatherCondition(code);
  return condition ? { icon: CONDITION_ICONS[condition], key: `conditions.${condition}` } : { icon: WiNa, key: 'conditions.unknown' };
}
