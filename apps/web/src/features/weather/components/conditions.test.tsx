import { describe, expect, it } from 'vitest';
import { WEATHER_CITIES, WEATHER_CONDITIONS, WMO_CONDITIONS } from '@primeur/shared';
import { initI18n } from '../../../lib/i18n';
import { CONDITION_ICONS, conditionOf } from './conditions';

/** The WMO codes behind the conditions spec §3 lists (showers and snow showers come on top). */
const SPEC_CODES = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 95, 96, 99];

describe('weather conditions', () => {
  it('map every WMO code of spec §3 to an icon and a condition', () => {
    for (const code of SPEC_CODES) {
      const { icon, key } = conditionOf(code);
      expect(key, `code ${code}`).not.toBe('conditions.unknown');
      expect(typeof icon, `code ${code}`).toBe('function');
    }
    for (const code of Object.keys(WMO_CONDITIONS).map(Number)) expect(conditionOf(code).key).not.toBe('conditions.unknown');
  });

  it('give each condition its own icon, the further snowflake included', () => {
    const icons = WEATHER_CONDITIONS.map((c) => CONDITION_ICONS[c]);
    expect(WEATHER_CONDITIONS).toHaveLength(24);
    expect(new Set(icons).size).toBe(icons.length);
    // The codes spec §3 names are 23 distinct conditions; snow showers take the extra snowflake.
    expect(new Set(SPEC_CODES.map((c) => conditionOf(c).key)).size).toBe(23);
  });

  it('name every condition and city in each of the four languages', () => {
    for (const lng of ['en', 'fr', 'de', 'es']) {
      const i18n = initI18n(lng);
      const t = i18n.getFixedT(lng, 'weather');
      const names = WEATHER_CONDITIONS.map((c) => t(`conditions.${c}`));
      for (const [i, name] of names.entries()) expect(name, `${lng} ${WEATHER_CONDITIONS[i]}`).not.toMatch(/^conditions\./);
      expect(new Set(names).size).toBe(names.length);
      for (const c of WEATHER_CITIES) expect(t(`cities.${c.key}`)).not.toMatch(/^cities\./);
    }
    expect(initI18n('fr').getFixedT('fr', 'weather')('conditions.thunderstormHeavyHail')).toBe('Orage avec forte grêle');
  });

  it('fall back to a neutral icon for a code outside the table', () => {
    expect(conditionOf(42).key).toBe('conditions.unknown');
  });
});
