/**
 * The operator's commission (issue 23 §8, decision 850): a percentage of each delivered order's
 * net value, rounded half up to the cent per order, so every line of the commission invoice is the
 * commission of one order and the invoice total is their sum.
 */

/** Percent with at most two decimals, as hundredths of a percent: 2.5 → 250 (exact, no binary drift). */
export function percentHundredths(percent: number): number {
  const h = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100 || Math.abs(h - percent * 100) > 1e-6) {
    throw new RangeError(`commission percent ${percent}`);
  }
  return h;
}

/** round_half_up(netCents × percent / 100), in cents: 1 234,56 € at 2.5 % → 30,86 €. */
export function commissionCents(netCents: number, percent: number): number {
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError(`net ${netCents}`);
  const h = percentHundredths(percent);
  return Math.floor((netCents * h + 5000) / 10000);
}

/** An IBAN without spaces, upper case, shape and ISO 13616 check digits (mod 97 = 1). */
export function isValidIban(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** BIC (ISO 9362): 8 or 11 characters. */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** A French SIREN: 9 digits with a Luhn check digit. */
export function isValidSiren(siren: string): boolean {
  if (!/^\d{9}$/.test(siren)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(siren[8 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Commission invoice numbers `{PREFIX}-COM-YYYY-NNNNN`: four parts, so never one of a seller's `{PREFIX}-YYYY-NNNNN`. */
export function formatCommissionNumber(prefix: string, year: number, n: number): string {
  if (!/^[A-Z][A-Z0-9]{1,9}$/.test(prefix)) throw new RangeError(`invoice prefix ${prefix}`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`year ${year}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`number ${n}`);
  return `${prefix}-COM-${year}-${String(n).padStart(5, '0')}`;
}

/** The month before the one of `today` (YYYY-MM-DD): its first and last day and its key "YYYY-MM". */
export function previousMonth(today: string): { first: string; last: string; key: string; nextFirst: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const py = m === 1 ? y - 1 : y;
  const pm = m === 1 ? 12 : m - 1;
  const mm = String(pm).padStart(2, '0');
  const days = new Date(Date.UTC(py, pm, 0)).getUTCDate();
  return { first: `${py}-${mm}-01`, last: `${py}-${mm}-${String(days).padStart(2, '0')}`, key: `${py}-${mm}`, nextFirst: `${today.slice(0, 7)}-01` };
}
