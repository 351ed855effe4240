import { z } from 'zod';
import { API_SCOPES, API_TOKEN_NAME_MAX_LENGTH } from '../constants/api-tokens.js';
import { dbIdText } from './common.js';

/**
 * A token's name: one line, no control character (C0, DEL, C1) and no bidirectional override, which
 * would let a name display as another one in the list.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TOKEN_NAME = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

export const apiTokenName = z.string().regex(TOKEN_NAME, 'controlCharacters').trim().min(1, 'nameRequired').max(API_TOKEN_NAME_MAX_LENGTH, 'nameTooLong');

/** `POST /api/users/api-tokens`: a name and at least one scope, each once. */
export const createApiTokenInput = z
  .object({
    name: apiTokenName,
    scopes: z
      .array(z.enum(API_SCOPES, 'unknownScope'))
      .min(1, 'scopesRequired')
      .max(API_SCOPES.length, 'duplicateScope')
      .refine((s) => new Set(s).size === s.length, 'duplicateScope'),
  })
  .strict();
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

/** A token as its company's list shows it: never the secret, only its first characters. */
export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters (`prm_` and six more), to tell which one a system holds. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  /** The last use, written at most once a minute; null when never used. */
  lastUsedAt: z.string().nullable(),
  /** The address of that use, as the app sees it behind its trusted proxies. */
  lastUsedIp: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** The answer to a creation: the token with its secret, shown this once and never again. */
export const createdApiToken = apiToken.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

export const apiTokenIdParam = z.object({ id: dbIdText });
