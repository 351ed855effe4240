import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADDRESS_MAX_LENGTH, CALIBER_MAX_LENGTH, GLOBAL_GAP_NUMBER_MAX_LENGTH, POSTAL_CODE_MAX_LENGTH, VAT_ID_MAX_LENGTH } from '../constants/limits.js';
import { registration } from './auth.js';
import { addClientVariant } from './client-products.js';
import { addressBody } from './companies.js';
import { productInput } from './marketplace.js';
import { productRequest } from './requests.js';
import { overviewQuery } from './supplier-products.js';
import { moveUncheckedBody } from './unchecked-products.js';
import { changeUserInfos } from './users.js';

/** Accepts a text of exactly `max` characters and refuses one more. */
function holds(field: z.ZodType, max: number, what: string) {
  expect(field.safeParse('x'.repeat(max)).success, `${what}: ${max} characters`).toBe(true);
  expect(field.safeParse('x'.repeat(max + 1)).success, `${what}: ${max + 1} characters`).toBe(false);
}

describe('shared text limits', () => {
  it('one caliber limit for lots, supplier and client variants, unchecked rows, overview filters and requests', () => {
    expect(CALIBER_MAX_LENGTH).toBe(50);
    const calibers: Array<[string, z.ZodType]> = [
      ['lot', productInput.shape.caliber],
      ['client variant', addClientVariant.shape.caliber],
      ['unchecked move', moveUncheckedBody.shape.caliber],
      ['overview filter', overviewQuery.shape.caliber],
      ['request', productRequest.shape.caliber],
    ];
    for (const [what, field] of calibers) holds(field, CALIBER_MAX_LENGTH, what);
  });

  it('the same company fields at registration and on the profile page', () => {
    const fields: Array<[keyof typeof changeUserInfos.shape & keyof typeof registration.shape, number]> = [
      ['address', ADDRESS_MAX_LENGTH],
      ['postalCode', POSTAL_CODE_MAX_LENGTH],
      ['vatId', VAT_ID_MAX_LENGTH],
      ['globalGapNumber', GLOBAL_GAP_NUMBER_MAX_LENGTH],
    ];
    for (const [name, max] of fields) {
      holds(registration.shape[name], max, `registration ${name}`);
      holds(changeUserInfos.shape[name], max, `profile ${name}`);
    }
    holds(addressBody.shape.value, ADDRESS_MAX_LENGTH, 'company address');
  });
});
