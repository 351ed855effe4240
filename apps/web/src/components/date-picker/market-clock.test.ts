import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@primeur/shared';
import { instantOfPickerDate, pickerDateOfInstant } from './market-clock';

describe('the market clock of the date-and-time picker', () => {
  it('shows an instant at its time in Paris, in winter and in summer, whatever the browser zone', () => {
    const winter = pickerDateOfInstant('2026-01-15T08:30:00.000Z')!;
    expect([winter.getFullYear(), winter.getMonth(), winter.getDate(), winter.getHours(), winter.getMinutes()]).toEqual([2026, 0, 15, 9, 30]);
    const summer = pickerDateOfInstant('2026-07-01T22:15:00.000Z')!;
    expect([summer.getMonth(), summer.getDate(), summer.getHours(), summer.getMinutes()]).toEqual([6, 2, 0, 15]);
    expect(pickerDateOfInstant('')).toBeNull();
    expect(pickerDateOfInstant('not a date')).toBeNull();
  });

  it('turns a picked day and time into the instant Paris shows it at', () => {
    expect(instantOfPickerDate(new Date(2026, 0, 15, 9, 30))).toBe('2026-01-15T08:30:00.000Z');
    expect(instantOfPickerDate(new Date(2026, 6, 2, 0, 15))).toBe('2026-07-01T22:15:00.000Z');
    // The days summer time starts and ends.
    expect(formatDateTime(instantOfPickerDate(new Date(2026, 2, 29, 10, 0)), 'en')).toBe('29 Mar 2026, 10:00');
    expect(formatDateTime(instantOfPickerDate(new Date(2026, 9, 25, 10, 0)), 'en')).toBe('25 Oct 2026, 10:00');
  });
});
