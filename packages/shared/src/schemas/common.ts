import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const errorBody = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** Standard address pattern used by the login and registration forms. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The contact forms' looser text@text rule (spec §5). */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(254)
  .regex(EMAIL_PATTERN, 'invalidEmail')
  .transform((v) => v.toLowerCase());
