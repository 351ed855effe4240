/**
 * API tokens of a company (issue "An API for the traders' own systems", decision 1008): what a token may
 * do is the list of its scopes, each naming the routes that declare it (`config.scope` on the server).
 */
export const API_SCOPES = ['orders:read', 'orders:write', 'invoices:read', 'lots:read', 'lots:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const isApiScope = (v: unknown): v is ApiScope => typeof v === 'string' && (API_SCOPES as readonly string[]).includes(v);

/** Every token starts with it: secret scanners and logs recognise one, and the server tells it from a session. */
export const API_TOKEN_PREFIX = 'prm_';
/** Characters after the prefix: 32 random bytes in base62 (0-9, A-Z, a-z), left-padded with 0. */
export const API_TOKEN_BODY_LENGTH = 43;
/** How much of a token the list shows (the prefix and the first characters of the random part). */
export const API_TOKEN_VISIBLE_LENGTH = API_TOKEN_PREFIX.length + 6;
/** A token's name: 1–60 characters after trimming. */
export const API_TOKEN_NAME_MAX_LENGTH = 60;
/** Live (not revoked) tokens a company may hold at once. */
export const API_TOKENS_PER_COMPANY = 20;
