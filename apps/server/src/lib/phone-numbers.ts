import type * as Lib from 'libphonenumber-js/max';
import { lazyRequire } from './lazy-require.js';

export type { CountryCode } from 'libphonenumber-js/max';

const load = lazyRequire<typeof Lib>('libphonenumber-js/max');

/** libphonenumber-js (full metadata), loaded at the first number parsed rather than at start (decision 843). */
export const parsePhoneNumberFromString = ((...args: unknown[]) =>
  (load().parsePhoneNumberFromString as (...a: unknown[]) => unknown)(...args)) as typeof Lib.parsePhoneNumberFromString;
