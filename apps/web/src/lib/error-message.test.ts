import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { ApiError } from './api';
import { errorCode, errorMessage } from './error-message';

describe('errorMessage', () => {
  it('translates the code in the reader language', () => {
    const i18n = initI18n('fr');
    expect(errorMessage(new ApiError(409, 'COMPANY_EXISTS', 'exists'), i18n.t)).toBe('Une société porte déjà ce nom.');
  });

  it('says NETWORK and UNKNOWN for failures without a server code', () => {
    const i18n = initI18n('en');
    expect(errorCode(new Error('boom'))).toBe('UNKNOWN');
    expect(errorMessage(new Error('boom'), i18n.t)).toBe('Please try again.');
    expect(errorMessage(new ApiError(0, 'NETWORK', ''), i18n.t)).toBe('The server could not be reached.');
  });

  it("prefers a form's own message for the first detail when asked", () => {
    const i18n = initI18n('en');
    const err = new ApiError(400, 'VALIDATION_FAILED', 'bad', { error: 'bad', code: 'VALIDATION_FAILED', details: [{ path: 'x', message: 'startAfterEnd' }] });
    expect(errorMessage(err, i18n.t, { details: 'supplier-products:reasons' })).toBe('The start date must not be after the end date.');
    expect(errorMessage(err, i18n.t)).toBe('Some fields are not valid.');
  });

  it('fills the wait of a rate limit', () => {
    const i18n = initI18n('de');
    const err = new ApiError(429, 'RATE_LIMITED', 'later', { error: 'later', code: 'RATE_LIMITED', retryAfterSeconds: 300 });
    expect(errorMessage(err, i18n.t, { lng: 'de' })).toContain('5 Minuten');
  });
});
