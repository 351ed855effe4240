import { z } from 'zod';
import { ADDRESS_MAX_LENGTH, GLOBAL_GAP_NUMBER_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, VAT_ID_MAX_LENGTH } from '../constants/limits.js';
import { text } from './common.js';
import { companyLegal, companyLegalFields, refineRegistrationId } from './company-legal.js';
import { CATEGORIES } from '../constants/roles.js';
import { newPassword } from './auth.js';
import { city, cityRef, country, countryRef } from './location.js';

const requiredText = (max: number) => text().trim().min(1, 'required').max(max);

export const userInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  companyName: z.string(),
  category: z.enum(CATEGORIES),
  address: z.string(),
  postalCode: z.string(),
  city: city.nullable(),
  country: country.nullable(),
  globalGapNumber: z.string().nullable(),
  vatId: z.string(),
  ...companyLegal.shape,
});
export type UserInfo = z.infer<typeof userInfo>;

export const changeUserInfos = z
  .object({
    address: requiredText(ADDRESS_MAX_LENGTH),
    postalCode: requiredText(POSTAL_CODE_MAX_LENGTH),
    vatId: requiredText(VAT_ID_MAX_LENGTH),
    globalGapNumber: text().trim().max(GLOBAL_GAP_NUMBER_MAX_LENGTH).optional().nullable(),
    country: countryRef,
    city: cityRef,
    ...companyLegalFields,
  })
  .superRefine(refineRegistrationId);
export type ChangeUserInfos = z.input<typeof changeUserInfos>;

export const changePassword = z.object({
  oldPassword: text().min(1, 'required').max(256),
  newPassword,
});
export type ChangePassword = z.input<typeof changePassword>;

/** User card of spec §3 (admin user list). category uses the registration words: buyer, supplier, admin. */
export const userCard = z.object({
  userId: z.number().int(),
  companyName: z.string(),
  category: z.enum(['buyer', 'supplier', 'admin']),
  username: z.string(),
  address: z.string(),
  city: z.object({ name: z.string() }).nullable(),
  postalCode: z.string(),
  country: z.object({ name: z.string(), alpha2: z.string() }).nullable(),
  vatId: z.string(),
  ...companyLegal.shape,
  status: z.boolean(),
  createdAt: z.string(),
});
export type UserCard = z.infer<typeof userCard>;
