import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../../packages/shared/src/i18n/locales/de/auctions.json';
import en from '../../../../packages/shared/src/i18n/locales/en/auctions.json';
import { countdownLabel, countdownText, splitDuration } from './countdown';

describe('countdown', () => {
  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 17) * 3600 + 42 * 60 + 41) * 1000 + 999)).toEqual({ d: 2, h: 17, m: 42, s: 41 });
    expect(splitDuration(0)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });

  it('ties each number to its unit, so a narrow column wraps between units only', () => {
    expect(countdownText('2 T. 17 Std. 42 Min. 41 Sek.')).toBe('2\u00a0T. 17\u00a0Std. 42\u00a0Min. 41\u00a0Sek.');
    expect(countdownText('0 j 5 h 3 min 9 s')).toBe('0\u00a0j 5\u00a0h 3\u00a0min 9\u00a0s');
    // English has no space inside a unit: the spaces between units stay breakable.
    expect(countdownText('2d 17h 42m 41s')).toBe('2d 17h 42m 41s');
  });

  it('names days only while there is at least one, and shows zero when over', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { auctions: en }, de: { auctions: de } }, interpolation: { escapeValue: false } });
    const hours = (h: number, m: number, s: number) => ((h * 60 + m) * 60 + s) * 1000;
    expect(countdownLabel(i18n.t, 86_400_000 + hours(2, 3, 4))).toBe('1d 2h 3m 4s');
    expect(countdownLabel(i18n.t, hours(11, 55, 37))).toBe('11h 55m 37s');
    expect(countdownLabel(i18n.t, 0)).toBe('0h 0m 0s');
    expect(countdownLabel(i18n.t, -5000)).toBe('0h 0m 0s');
    await i18n.changeLanguage('de');
    expect(countdownLabel(i18n.t, hours(11, 55, 37))).toBe('11\u00a0Std. 55\u00a0Min. 37\u00a0Sek.');
  });
});
