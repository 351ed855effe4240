import { describe, expect, it } from 'vitest';
import { priceListFileName } from './schemas/client-products.js';
import {
  addDays,
  dayInParis,
  dayOfLocalDate,
  daysBetween,
  displayLocale,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayRange,
  formatMarketMoment,
  formatWeekday,
  isIsoDay,
  isoDay,
  localDateOfDay,
  todayInParis,
} from './dates.js';

describe('calendar days in Paris', () => {
  it('takes the day Paris is in, not the UTC day', () => {
    // 23:30 UTC on 22 Nov is 00:30 on 23 Nov in Paris (UTC+1 in winter).
    expect(isoDay('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(isoDay('2026-11-22T22:59:59Z')).toBe('2026-11-22');
    // Summer time: UTC+2.
    expect(isoDay(Date.parse('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    expect(isoDay(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(todayInParis('2026-12-31T23:15:00Z')).toBe('2027-01-01');
  });

  it('takes another zone when asked', () => {
    expect(isoDay('2026-11-22T23:30:00Z', 'UTC')).toBe('2026-11-22');
    expect(isoDay('2026-11-22T23:30:00Z', 'America/New_York')).toBe('2026-11-22');
  });

  it('refuses what is not a date', () => {
    expect(() => isoDay('not a date')).toThrow(RangeError);
  });

  it('adds days across months, years and clock changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-11-23', '2026-11-16')).toBe(-7);
    expect(dayInParis(7, '2026-11-22T23:30:00Z')).toBe('2026-11-30');
  });

  it('tells real days from look-alikes', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('round-trips a picker date through its calendar day', () => {
    const d = localDateOfDay('2026-03-29');
    expect([d.getFullYear(), d.getMonth(), d.getDate()]).toEqual([2026, 2, 29]);
    expect(dayOfLocalDate(d)).toBe('2026-03-29');
  });
});

describe('one display format per language', () => {
  it('maps language codes to their locale, English for the unknown', () => {
    expect(displayLocale('fr')).toBe('fr-FR');
    expect(displayLocale('de-AT')).toBe('de-DE');
    expect(displayLocale(undefined)).toBe('en-GB');
    expect(displayLocale('pt')).toBe('en-GB');
  });

  it('shows a calendar day the same way whatever the zone of the reader', () => {
    expect(formatDay('2026-11-22', 'en')).toBe('22 Nov 2026');
    expect(formatDay('2026-11-22', 'fr')).toBe('22 nov. 2026');
    expect(formatDay('2026-11-22', 'de')).toBe('22.11.2026');
    expect(formatDay('2026-11-22', 'es')).toBe('22 nov 2026');
    expect(formatDay('2026-11-22', 'en', 'long')).toBe('22 November 2026');
    expect(formatDay('2026-11-22', 'fr', 'long')).toBe('22 novembre 2026');
    expect(formatDay('2026-11-02', 'en', 'dayMonth')).toBe('2 Nov');
  });

  it('shows an instant as its day in Paris', () => {
    expect(formatDay('2026-11-22T23:30:00Z', 'en')).toBe('23 Nov 2026');
    expect(formatDay(new Date('2026-11-22T10:00:00Z'), 'de')).toBe('22.11.2026');
  });

  it('shows an instant on the Paris clock', () => {
    expect(formatDateTime('2026-11-22T17:05:00Z', 'en')).toBe('22 Nov 2026, 18:05');
    expect(formatDateTime('2026-11-22T17:05:00Z', 'de')).toBe('22.11.2026, 18:05');
    expect(formatDateTime('2026-07-14T08:00:00Z', 'fr')).toMatch(/^14 juil\. 2026.*10:00$/);
    expect(formatDateTime('2026-07-14T08:00:00Z', 'es')).toMatch(/^14 jul 2026.*10:00$/);
    expect(formatDateTime('garbage', 'en')).toBe('');
  });

  it('shows an instant to the second on the Paris clock, in each language', () => {
    // 16:04:52 in Paris (UTC+1 in November); summer time (UTC+2) in July.
    expect(formatDateTimeSeconds('2026-11-23T15:04:52Z', 'en')).toBe('23 Nov 2026, 16:04:52');
    expect(formatDateTimeSeconds('2026-11-23T15:04:52.900Z', 'de')).toBe('23.11.2026, 16:04:52');
    expect(formatDateTimeSeconds(Date.parse('2026-07-14T08:00:07Z'), 'fr')).toMatch(/^14 juil\. 2026.*10:00:07$/);
    expect(formatDateTimeSeconds(new Date('2026-07-14T08:00:07Z'), 'es')).toMatch(/^14 jul 2026.*10:00:07$/);
    // Near midnight UTC the Paris day is already the next one.
    expect(formatDateTimeSeconds('2026-11-23T23:30:01Z', 'en')).toBe('24 Nov 2026, 00:30:01');
    expect(formatDateTimeSeconds('2026-11-23T15:04:52Z', undefined)).toBe(formatDateTimeSeconds('2026-11-23T15:04:52Z', 'en'));
    expect(formatDateTimeSeconds('garbage', 'en')).toBe('');
  });

  it('shows weekdays and ranges', () => {
    expect(formatWeekday('2026-11-23', 'en')).toBe('Monday 23 Nov');
    expect(formatWeekday('2026-11-23', 'fr')).toBe('lundi 23 nov.');
    expect(formatDayRange('2026-11-16', '2026-11-23', 'en')).toMatch(/^16\s?–\s?23 Nov 2026$/);
  });
});

describe('priceListFileName', () => {
  it("names the list after the day on the market's clock, also in the hour when Paris is a day ahead of UTC", () => {
    expect(priceListFileName('Frischmarkt GmbH', new Date('2026-11-25T23:30:00Z'))).toBe('Frischmarkt GmbH-26-11.pdf');
    expect(priceListFileName('Frischmarkt GmbH', new Date('2026-07-01T22:30:00Z'))).toBe('Frischmarkt GmbH-02-07.pdf');
    expect(priceListFileName('A/B: "C"', new Date('2026-03-05T12:00:00Z'))).toBe('A_B_ _C_-05-03.pdf');
  });
});

describe('formatMarketMoment', () => {
  const now = '2026-11-26T10:00:00Z';
  it('writes the weekday, day, month and time on the Paris clock, with the zone named where the language has a name', () => {
    expect(formatMarketMoment('2026-11-29T14:30:00Z', 'en', now)).toEqual({ text: 'Sun 29 Nov, 15:30', zone: 'CET' });
    expect(formatMarketMoment('2026-11-29T14:30:00Z', 'de', now)).toEqual({ text: 'So., 29. Nov., 15:30', zone: 'MEZ' });
    expect(formatMarketMoment('2026-07-29T14:30:00Z', 'es', '2026-07-01T00:00:00Z')).toEqual({ text: 'mié, 29 jul, 16:30', zone: 'CEST' });
  });

  it('leaves the zone to the caller where Intl only knows an offset (French), and adds the year only when it is not this one', () => {
    const fr = formatMarketMoment('2026-11-29T14:30:00Z', 'fr', now);
    expect(fr.text).toBe('dim. 29 nov., 15:30');
    expect(fr.zone).toBeNull();
    expect(formatMarketMoment('2027-01-02T08:00:00Z', 'en', now).text).toBe('Sat, 2 Jan 2027, 09:00');
  });
});
