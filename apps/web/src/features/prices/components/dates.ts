/** Calendar days as the API takes them (YYYY-MM-DD), from and to the picker's local dates. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function fromIsoDay(s: string): Date {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function formatDay(s: string, lng: string | undefined, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Intl.DateTimeFormat(lng, { ...opts, timeZone: 'UTC' }).format(new Date(`${s}T00:00:00Z`));
}
