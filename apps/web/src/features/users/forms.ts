import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@primeur/shared';
import { companyLegalFormFields, refineCompanyLegal } from '../../lib/company-legal-form';

const option = z.object({ id: z.number(), name: z.string() }).passthrough();

/** Profile rules of spec §5; messages are i18n keys of the profile namespace. */
export const profileFormSchema = z
  .object({
    address: z.string().trim().min(1, 'validation.addressRequired'),
    postalCode: z.string().trim().min(1, 'validation.postalCodeRequired'),
    vatId: z.string().trim().min(1, 'validation.vatRequired'),
    globalGapNumber: z.string().trim().optional(),
    country: option.nullable().refine((v) => v !== null, 'validation.countryRequired'),
    city: option.nullable().refine((v) => v !== null, 'validation.cityRequired'),
    ...companyLegalFormFields,
  })
  .superRefine(refineCompanyLegal);
export type ProfileForm = z.input<typeof profileFormSchema>;

export const passwordFormSchema = z
  .object({
    oldPassword: z.string().min(1, 'validation.oldPasswordRequired'),
    newPassword: z.string().min(1, 'validation.newPasswordRequired').min(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
  })
  // A new password equal to the current one changes nothing (issue 16); the server refuses it too.
  .refine((v) => v.oldPassword === '' || v.newPassword !== v.oldPassword, { path: ['newPassword'], message: 'validation.passwordSame' });
export type PasswordForm = z.infer<typeof passwordFormSchema>;
