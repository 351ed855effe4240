import { DEFAULT_LANGUAGE, type Language } from '@primeur/shared';

/**
 * The language a supplier reads, from its country (decision 123). Countries whose business language
 * is French, German or Spanish get that language; every other country, and a supplier without a
 * country, gets English, the app's fallback. Multilingual countries take their majority language
 * (Belgium French, Switzerland German); the Maghreb trades in French.
 */
const BY_COUNTRY: Record<string, Language> = {
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  MC: 'fr',
  MA: 'fr',
  TN: 'fr',
  DZ: 'fr',
  SN: 'fr',
  CI: 'fr',
  CM: 'fr',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  LI: 'de',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CL: 'es',
  CO: 'es',
  PE: 'es',
  UY: 'es',
  EC: 'es',
  CR: 'es',
  GT: 'es',
  DO: 'es',
  PA: 'es',
  HN: 'es',
  NI: 'es',
  SV: 'es',
  BO: 'es',
  PY: 'es',
  VE: 'es',
  CU: 'es',
};

export const languageForCountry = (alpha2: string | null | undefined): Language => (alpha2 && BY_COUNTRY[alpha2.toUpperCase()]) || DEFAULT_LANGUAGE;
