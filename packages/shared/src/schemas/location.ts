import { z } from 'zod';
import { dbId } from './common.js';

export const country = z.object({ id: z.number().int(), name: z.string(), alpha2: z.string().length(2) });
export type Country = z.infer<typeof country>;
export const city = z.object({ id: z.number().int(), name: z.string() });
export type City = z.infer<typeof city>;
/** Country and city options as the registration and profile forms send them. */
export const countryRef = z.object({ id: dbId }).passthrough();
export const cityRef = z.object({ id: dbId }).passthrough();
