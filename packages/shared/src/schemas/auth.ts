import { z } from 'zod';
import {
  ADDRESS_MAX_LENGTH,
  GLOBAL_GAP_NUMBER_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POSTAL_CODE_MAX_LENGTH,
  VAT_ID_MAX_LENGTH,
} from '../constants/limits.js';
import { REGISTRATION_CATEGORIES } from '../constants/roles.js';
import { emailField, text } from './common.js';
import { cityRef, countryRef } from './location.js';
import { companyLegalFields, refineRegistrationId } from './company-legal.js';

const requiredText = (max: number) => text().trim().min(1, 'required').max(max);

export const credentials = z.object({
  email: emailField,
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH),
});
export type Credentials = z.input<typeof credentials>;

export const newPassword = text().min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(PASSWORD_MAX_LENGTH, 'passwordTooLong');

export const registration = z
  .object({
    email: emailField,
    password: newPassword,
    companyName: requiredText(200),
    category: z.enum(REGISTRATION_CATEGORIES, { error: 'categoryRequired' }),
    country: countryRef,
    city: cityRef,
    address: requiredText(ADDRESS_MAX_LENGTH),
    postalCode: requiredText(POSTAL_CODE_MAX_LENGTH),
    vatId: requiredText(VAT_ID_MAX_LENGTH),
    globalGapNumber: text().trim().max(GLOBAL_GAP_NUMBER_MAX_LENGTH).optional().nullable(),
    conditions: z.literal(true, { error: 'termsRequired' }),
    ...companyLegalFields,
  })
  .superRefine(refineRegistrationId);
export type Registration = z.input<typeof registration>;

export const authority = z.object({ roleId: z.number().int(), name: z.string() });
export type Authority = z.infer<typeof authority>;
/** isLoggedIn answers a list whose first element is the authorities list. */
export const isLoggedInResponse = z.tuple([z.array(authority)]);

export const okMessage = z.object({ message: z.string() });

/**
 * The strength meter's question (POST /auth/password-strength, decision 840): a password being typed
 * and the user's own data (email, company), which zxcvbn counts as guessable.
 */
export const passwordStrengthQuery = z.object({
  password: text().min(1, 'required').max(PASSWORD_MAX_LENGTH),
  userInputs: z.array(text().max(200)).max(4).default([]),
});
export type PasswordStrengthQuery = z.input<typeof passwordStrengthQuery>;
export const passwordStrengthAnswer = z.object({ score: z.number().int().min(0).max(4), strong: z.boolean() });
export type PasswordStrengthAnswer = z.infer<typeof passwordStrengthAnswer>;
