/** Business constants from spec §9. */
export const PASSWORD_MIN_LENGTH = 8;
/** The login field's own minlength attribute (spec §5 gives both readings). */
export const LOGIN_PASSWORD_ATTR_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 256;
export const TOAST_DELAY_MS = 3000;
export const COUNTDOWN_REFRESH_MS = 1000;
export const UNCHECKED_PAGE_SIZE = 10;
export const INCOTERMS = ['FOB', 'CIF'] as const;
export const DEFAULT_INCOTERM = 'CIF';
export const SUPPLIER_PACKAGINGS = ['ifco', 'europool'] as const;
export const FAMILIES = ['fruits', 'legumes'] as const;
export const LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
