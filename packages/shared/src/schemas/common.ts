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

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'invalidDate');

/** `{productId}` path parameter (a PostgreSQL integer). */
export const productIdParam = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });
