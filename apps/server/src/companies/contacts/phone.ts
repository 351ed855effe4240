import { parsePhoneNumberFromString, type CountryCode } from '../../lib/phone-numbers.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * Turns what a person typed into E.164 (+34950123456). A number without a leading + is read in
 * the owner's country when it has one. Full metadata ("max") checks the number really exists in
 * its plan, not only its length.
 */
export function toE164(input: string, defaultCountry?: string | null): string {
  const parsed = parsePhoneNumberFromString(input, defaultCountry ? (defaultCountry.toUpperCase() as CountryCode) : undefined);
  if (!parsed || !parsed.isValid()) {
    throw new HttpError(400, 'INVALID_PHONE', 'The phone number is not valid.', [{ path: 'phone', message: 'phoneInvalid' }]);
  }
  return parsed.number;
}
