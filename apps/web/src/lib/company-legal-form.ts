import { z } from 'zod';
import { checkRegistrationId, LEGAL_FORM_MAX_LENGTH, REGISTRY_CITY_MAX_LENGTH, SHARE_CAPITAL_MAX } from '@primeur/shared';

/**
 * The legal facts of a company as the profile and registration forms hold them (text inputs), checked
 * by the shared rule of decision 968 against the chosen country's alpha-2; messages are
 * `validation.*` keys of the form's namespace. The server checks again.
 */
export const companyLegalFormFields = {
  registrationId: z.string().optional(),
  legalForm: z.string().trim().max(LEGAL_FORM_MAX_LENGTH, 'validation.legalFormTooLong').optional(),
  shareCapital: z
    .string()
    .trim()
    .optional()
    .refine(
      (s) => !s || (/^\d+([.,]\d{1,2})?$/.test(s.replace(/[\s\u00a0\u202f]/g, '')) && parseShareCapital(s)! <= SHARE_CAPITAL_MAX),
      'validation.shareCapitalInvalid',
    ),
  registryCity: z.string().trim().max(REGISTRY_CITY_MAX_LENGTH, 'validation.registryCityTooLong').optional(),
};

/** "15 000,50" or "15000.5" → 15000.5; blank → null. */
export function parseShareCapital(s: string | undefined): number | null {
  const t = (s ?? '').replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return t === '' ? null : Number(t);
}

export function refineCompanyLegal<T extends { registrationId?: string; country?: object | null }>(v: T, ctx: z.RefinementCtx<T>) {
  const c = v.country as { alpha2?: unknown } | null | undefined;
  const alpha2 = typeof c?.alpha2 === 'string' ? c.alpha2 : null;
  const check = checkRegistrationId(alpha2, v.registrationId);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['registrationId'], message: `validation.${check.problem}` });
}

/** The form's text values as the API takes them. */
export function companyLegalPayload(v: { registrationId?: string; legalForm?: string; shareCapital?: string; registryCity?: string }) {
  return {
    registrationId: v.registrationId?.trim() || null,
    legalForm: v.legalForm?.trim() || null,
    shareCapital: parseShareCapital(v.shareCapital),
    registryCity: v.registryCity?.trim() || null,
  };
}
