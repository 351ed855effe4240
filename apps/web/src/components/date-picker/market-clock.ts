import { MARKET_TIME_ZONE } from '@primeur/shared';

/**
 * An instant is picked on the market's clock, Europe/Paris (decision 580: everyone reads the same
 * time), whatever the reader's own zone. The date picker works with browser-local `Date`s, so an
 * instant travels through it as the local `Date` that shows Paris's wall-clock time.
 */
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Paris's wall clock at instant `ms`: [year, month (1–12), day, hour, minute, second]. */
function wall(ms: number): [number, number, number, number, number, number] {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return [p.year!, p.month!, p.day!, p.hour!, p.minute!, p.second!];
}

/** Paris's offset from UTC at instant `ms`, in milliseconds (+1 h in winter, +2 h in summer). */
function offset(ms: number): number {
  const [y, mo, d, h, mi, s] = wall(ms);
  return Date.UTC(y, mo - 1, d, h, mi, s) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The local `Date` a picker shows for an instant (its time in Paris); null for '' or a non-date. */
export function pickerDateOfInstant(instant: string | null | undefined): Date | null {
  const ms = instant ? Date.parse(instant) : Number.NaN;
  if (Number.isNaN(ms)) return null;
  const [y, mo, d, h, mi] = wall(ms);
  return new Date(y, mo - 1, d, h, mi);
}

/** The instant (ISO 8601, UTC) at which Paris's clock shows the picked date's day, hour and minute. */
export function instantOfPickerDate(date: Date): string {
  const target = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes());
  // Twice: the first guess may sit on the other side of a change of summer time.
  let ms = target - offset(target);
  ms = target - offset(ms);
  return new Date(ms).toISOString();
}
