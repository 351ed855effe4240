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

/**
 * Text limits of fields that several forms and schemas share: one value per field, so a value one
 * form accepts is never refused by another (a caliber copied from a supplier variant into a client
 * variant, a lot or a request). The database columns are `text`, so these are the only limits.
 */
/** A caliber ("1X", "67-82", "400-500 g"): the spec gives no length; 50 as documented for requests (docs/api). */
export const CALIBER_MAX_LENGTH = 50;
/** Company profile fields, the same at registration and on the profile page. */
export const ADDRESS_MAX_LENGTH = 300;
export const POSTAL_CODE_MAX_LENGTH = 20;
export const VAT_ID_MAX_LENGTH = 40;
export const GLOBAL_GAP_NUMBER_MAX_LENGTH = 40;
