import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, REGISTRATION_CATEGORIES } from '@primeur/shared';
import { refineCompanyLegal } from '../../lib/company-legal-form';

/** Form rules of spec §5; messages are i18n keys of the auth namespace. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').regex(EMAIL_PATTERN, 'validation.emailInvalid'),
  // The feedback text says 8 characters (spec §5); the field's own attribute stays at 4.
  password: z.string().min(1, 'validation.passwordRequired').min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const option = z.object({ id: z.number(), name: z.string() }).passthrough();

export const registrationFormSchema = z
  .object({
    email: z.string().trim().min(1, 'validation.emailRequired').regex(EMAIL_PATTERN, 'validation.emailInvalid'),
    password: z.string().min(1, 'validation.passwordRequired').min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    companyName: z.string().trim().min(1, 'validation.companyRequired'),
    category: z.enum(REGISTRATION_CATEGORIES, { error: 'validation.categoryRequired' }),
    country: option.nullable().refine((v) => v !== null, 'validation.countryRequired'),
    city: option.nullable().refine((v) => v !== null, 'validation.cityRequired'),
    address: z.string().trim().min(1, 'validation.addressRequired'),
    postalCode: z.string().trim().min(1, 'validation.postalCodeRequired'),
    vatId: z.string().trim().min(1, 'validation.vatRequired'),
    globalGapNumber: z.string().trim().optional(),
    conditions: z.boolean().refine((v) => v, 'validation.termsRequired'),
    /** SIREN/SIRET in France, the national identifier elsewhere; optional (decision 968). */
    registrationId: z.string().optional(),
  })
  .superRefine(refineCompanyLegal);
export type RegistrationForm = z.input<typeof registrationFormSchema>;
