import { z } from 'zod';

export const country = z.object({ id: z.number().int(), name: z.string(), alpha2: z.string().length(2) });
export type Country = z.infer<typeof country>;
export const city = z.object({ id: z.number().int(), name: z.string() });
export type City = z.infer<typeof city>;
/** Country and city options as the registration and profile forms send them. */
export const countryRef = z.object({ id: z.number().int().positive() }).passthrough();
export const cityRef = z.object({ id: z.number().int().positive() }).passthrough();
