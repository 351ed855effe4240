import { z } from 'zod';
import {
  checkRegistrationId,
  LEGAL_FORM_MAX_LENGTH,
  REGISTRATION_ID_MAX_LENGTH,
  REGISTRY_CITY_MAX_LENGTH,
  SHARE_CAPITAL_MAX,
} from '../companies/registration.js';
import { text } from './common.js';

/**
 * A company's legal facts (decision 968): its registration identifier, and for the mentions a French
 * invoice must carry (Code de commerce R123-237), its legal form, share capital and RCS city. All
 * optional; an empty text means none. The registration identifier's national rule needs the country,
 * so the object schemas that hold a country refine it with `refineRegistrationId`.
 */
const optionalLine = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((s) => (s ? s : null));

export const companyLegalFields = {
  registrationId: optionalLine(REGISTRATION_ID_MAX_LENGTH, 'registrationIdTooLong'),
  legalForm: optionalLine(LEGAL_FORM_MAX_LENGTH, 'legalFormTooLong'),
  /** In euros, cents at most. */
  shareCapital: z
    .number('shareCapitalInvalid')
    .nonnegative('shareCapitalInvalid')
    .max(SHARE_CAPITAL_MAX, 'shareCapitalInvalid')
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'shareCapitalInvalid')
    .nullish()
    .transform((n) => n ?? null),
  registryCity: optionalLine(REGISTRY_CITY_MAX_LENGTH, 'registryCityTooLong'),
};

/** The back office's change of a company's legal facts (PUT /api/admin/user/:userId/legal); the server checks the identifier by the company's country. */
export const companyLegalInput = z.object(companyLegalFields);
export type CompanyLegalInput = z.input<typeof companyLegalInput>;

/** The legal facts as the API shows them. */
export const companyLegal = z.object({
  registrationId: z.string().nullable(),
  legalForm: z.string().nullable(),
  shareCapital: z.number().nullable(),
  registryCity: z.string().nullable(),
});
export type CompanyLegal = z.infer<typeof companyLegal>;

/**
 * Checks `registrationId` against the country's rule where the country's alpha-2 code is known
 * (the forms' country options carry it; the server checks again with the country it finds by id).
 */
export function refineRegistrationId(v: { registrationId?: string | null; country?: unknown }, ctx: z.RefinementCtx) {
  const c = v.country as { alpha2?: unknown } | null | undefined;
  const alpha2 = typeof c?.alpha2 === 'string' ? c.alpha2 : null;
  const check = checkRegistrationId(alpha2, v.registrationId);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['registrationId'], message: check.problem });
}
