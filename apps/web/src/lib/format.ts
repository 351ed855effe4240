/** Country name in the reader's language from its ISO code (the server stores English names). */
export function countryName(alpha2: string, lng: string, fallback?: string) {
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(alpha2.toUpperCase()) ?? fallback ?? alpha2;
  } catch {
    return fallback ?? alpha2;
  }
}

/** "1,23 €" style: decimal comma and euro sign as the spec shows prices, whatever the language. */
export function euro(value: number | string | null | undefined, decimals = 2) {
  if (value === null || value === undefined || value === '') return '–';
  const n = typeof value === 'string' ? Number(value) : value;
  return `${n.toFixed(decimals).replace('.', ',')} €`;
}
