import {
  BIC_PATTERN,
  isEuVatCountry,
  isValidIban,
  isValidSiren,
  normalizeIban,
  normalizeVatId,
  SERVICE_STANDARD_VAT_RATES,
  vatIdPrefix,
} from '@primeur/shared';
import { z } from 'zod';

/**
 * The operator's commission (issue 23 §8, decision 850): off unless COMMISSION_PERCENT > 0; then
 * the operator's legal data, which every commission invoice prints and sends, must all be given and
 * valid, or the server refuses to start (an invoice with a wrong VAT number or IBAN is worse than none).
 */
export interface CommissionConfig {
  /** Percent of each delivered order's net value, at most 2 decimals. */
  percent: number;
  /** The commission series' prefix: numbers are `{prefix}-COM-YYYY-NNNNN`. */
  prefix: string;
  /** Days from the invoice date to its due date. */
  termDays: number;
  operator: {
    name: string;
    addressLines: string[];
    postalCode: string;
    city: string;
    country: string;
    vatId: string;
    registrationId: string;
    iban: string;
    bic: string | null;
    email: string | null;
  };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'no control characters');

export const commissionEnv = z
  .object({
    COMMISSION_PERCENT: z.coerce
      .number()
      .min(0)
      .max(50)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most 2 decimals')
      .default(0),
    COMMISSION_INVOICE_PREFIX: z
      .string()
      .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'a capital letter then 1 to 9 capitals or digits')
      .default('PRM'),
    COMMISSION_TERM_DAYS: z.coerce.number().int().min(0).max(60).default(30),
    OPERATOR_LEGAL_NAME: text(200).optional(),
    /** Street lines, separated by "|" (at most 3). */
    OPERATOR_ADDRESS: text(600).optional(),
    OPERATOR_POSTAL_CODE: text(20).optional(),
    OPERATOR_CITY: text(100).optional(),
    OPERATOR_COUNTRY: z
      .string()
      .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2, upper case')
      .optional(),
    OPERATOR_VAT_ID: text(40).optional(),
    /** SIREN in France (9 digits), the company registration elsewhere. */
    OPERATOR_REGISTRATION_ID: text(40).optional(),
    OPERATOR_IBAN: text(50).optional(),
    OPERATOR_BIC: text(11).optional(),
    OPERATOR_EMAIL: z.email().optional(),
  })
  .superRefine((e, ctx) => {
    if (e.COMMISSION_PERCENT === 0) return;
    const need = (key: keyof typeof e, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [key], message: `${message} (required when COMMISSION_PERCENT > 0)` });
    };
    need('OPERATOR_LEGAL_NAME', !!e.OPERATOR_LEGAL_NAME, 'the operator legal name');
    const lines = (e.OPERATOR_ADDRESS ?? '').split('|').map((l) => l.trim());
    need('OPERATOR_ADDRESS', lines.some(Boolean) && lines.length <= 3 && lines.every((l) => l.length <= 200), 'one to three street lines separated by "|"');
    need('OPERATOR_POSTAL_CODE', !!e.OPERATOR_POSTAL_CODE, 'the postal code');
    need('OPERATOR_CITY', !!e.OPERATOR_CITY, 'the city');
    const country = e.OPERATOR_COUNTRY;
    need(
      'OPERATOR_COUNTRY',
      !!country && isEuVatCountry(country) && SERVICE_STANDARD_VAT_RATES.some((r) => r.country === country),
      `an EU country whose standard VAT rate is in the table (${SERVICE_STANDARD_VAT_RATES.map((r) => r.country).join(', ')})`,
    );
    const vat = normalizeVatId(e.OPERATOR_VAT_ID);
    need(
      'OPERATOR_VAT_ID',
      !!vat && !!country && vat.startsWith(vatIdPrefix(country)) && /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(vat),
      'the VAT number, with the prefix of OPERATOR_COUNTRY',
    );
    const reg = e.OPERATOR_REGISTRATION_ID?.replace(/\s+/g, '');
    need(
      'OPERATOR_REGISTRATION_ID',
      !!reg && (country !== 'FR' || isValidSiren(reg)),
      country === 'FR' ? 'the SIREN (9 digits, valid check digit)' : 'the company registration number',
    );
    need('OPERATOR_IBAN', !!e.OPERATOR_IBAN && isValidIban(e.OPERATOR_IBAN), 'an IBAN with valid check digits');
    if (e.OPERATOR_BIC && !BIC_PATTERN.test(e.OPERATOR_BIC.toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['OPERATOR_BIC'], message: 'a BIC of 8 or 11 characters' });
  });

export function commissionConfig(e: z.infer<typeof commissionEnv>): CommissionConfig | undefined {
  if (e.COMMISSION_PERCENT === 0) return undefined;
  return {
    percent: e.COMMISSION_PERCENT,
    prefix: e.COMMISSION_INVOICE_PREFIX,
    termDays: e.COMMISSION_TERM_DAYS,
    operator: {
      name: e.OPERATOR_LEGAL_NAME!,
      addressLines: e
        .OPERATOR_ADDRESS!.split('|')
        .map((l) => l.trim())
        .filter(Boolean),
      postalCode: e.OPERATOR_POSTAL_CODE!,
      city: e.OPERATOR_CITY!,
      country: e.OPERATOR_COUNTRY!,
      vatId: normalizeVatId(e.OPERATOR_VAT_ID)!,
      registrationId: e.OPERATOR_REGISTRATION_ID!.replace(/\s+/g, ''),
      iban: normalizeIban(e.OPERATOR_IBAN!),
      bic: e.OPERATOR_BIC ? e.OPERATOR_BIC.toUpperCase() : null,
      email: e.OPERATOR_EMAIL ?? null,
    },
  };
}
