import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';
import { api, ApiError } from './api';
import { errorCode, errorMessage, waitText } from './error-message';

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

  it("says a wait in seconds, minutes or hours, in the reader's language", () => {
    expect(waitText(45, 'en')).toBe('45 seconds');
    expect(waitText(300, 'fr')).toBe('5 minutes');
    expect(waitText(2 * 3600, 'es')).toBe('2 horas');
  });

  it("tries a screen's own wording of the code first, with the values it formats", () => {
    const i18n = initI18n('en');
    const low = new ApiError(409, 'BID_TOO_LOW', 'too low', { error: 'too low', code: 'BID_TOO_LOW', minimum: 1.05 });
    const own = { own: ['room:errors', 'auctions:errors'], values: { minimum: '€1.05' } };
    expect(errorMessage(low, i18n.t, own)).toBe('Someone bid first: the minimum is now €1.05/kg.');
    // Not in the room's words: the auctions' ones, then errors.json.
    expect(errorMessage(new ApiError(403, 'OWN_PRODUCT', 'own'), i18n.t, own)).toBe('You cannot bid on your own lot.');
    expect(errorMessage(new ApiError(403, 'FORBIDDEN', 'no'), i18n.t, own)).toBe('You are not allowed to do this.');
    expect(errorMessage(new Error('boom'), i18n.t, own)).toBe('Please try again.');
  });
});

describe('a 429 from the API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is explained by the helper, with the wait of the Retry-After header when the body has none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ error: 'Too many requests.', code: 'RATE_LIMITED' }), { status: 429, headers: { 'retry-after': '120' } }),
      ),
    );
    const err = await api.get('/api/anything').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const i18n = initI18n('fr');
    expect(errorMessage(err, i18n.t, { lng: 'fr' })).toBe('Trop de tentatives. Réessayez dans 2 minutes.');
  });
});
