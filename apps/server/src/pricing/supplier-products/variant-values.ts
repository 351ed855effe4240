import { CALIBER_MAX_LENGTH, isoDate, QUALITY_CLASSES, type QualityClass, type VariantAction } from '@primeur/shared';
import { HttpError } from '../../lib/http-error.js';
import type { NewVariantRow } from './supplier-products.repository.js';

/**
 * Reads the `{value}` of `PUT …/supplier/{action}/{id}/{value}` for its field. Every refusal is a 400
 * with the field as path and a message key the page translates; nothing is written before this passes.
 */
export type ParsedEdit =
  | { kind: 'ref'; column: 'originId' | 'packagingId' | 'boxId'; value: number }
  | { kind: 'caliber'; value: string }
  | { kind: 'qualityClass'; value: QualityClass }
  | { kind: 'pricing'; field: 'weightPiece' | 'nbPiece' | 'priceKg' | 'priceColis' | 'pricePiece'; value: number }
  | { kind: 'volume'; value: number }
  | { kind: 'dates'; startDate?: string; endDate?: string };

/** Non-negative, at most 3 decimals, fits numeric(12,3). A comma is not accepted: the page sends a dot. */
const DECIMAL = /^\d{1,9}(\.\d{1,3})?$/;

const invalid = (field: string, message: string) => new HttpError(400, 'VALIDATION_FAILED', `Invalid value for ${field}.`, [{ path: field, message }]);

function decimal(field: string, raw: string) {
  if (!DECIMAL.test(raw)) throw invalid(field, 'nonNegativeThreeDecimals');
  return Number(raw);
}

function date(field: string, raw: string) {
  if (!isoDate.safeParse(raw).success) throw invalid(field, 'invalidDate');
  return raw;
}

export function parseEdit(action: VariantAction, raw: string): ParsedEdit {
  switch (action) {
    case 'origin':
    case 'packaging':
    case 'box': {
      if (!/^[1-9]\d{0,8}$/.test(raw)) throw invalid(action, 'unknownId');
      return { kind: 'ref', column: `${action}Id` as const, value: Number(raw) };
    }
    case 'caliber': {
      const v = raw.trim();
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
      if (!v || v.length > CALIBER_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(v)) throw invalid(action, 'caliberInvalid');
      return { kind: 'caliber', value: v };
    }
    case 'qualityClass': {
      // The lots' code for a class outside the list (decision 870).
      if (!(QUALITY_CLASSES as readonly string[]).includes(raw)) {
        throw new HttpError(400, 'UNKNOWN_QUALITY_CLASS', 'The quality class must be EXTRA, I or II.', [{ path: action, message: 'unknownQualityClass' }]);
      }
      return { kind: 'qualityClass', value: raw as QualityClass };
    }
    case 'nbPiece': {
      if (!/^[1-9]\d{0,5}$/.test(raw)) throw invalid(action, 'integerAtLeastOne');
      return { kind: 'pricing', field: 'nbPiece', value: Number(raw) };
    }
    case 'weightPiece':
    case 'priceKg':
    case 'priceColis':
    case 'pricePiece':
      return { kind: 'pricing', field: action, value: decimal(action, raw) };
    case 'volume':
      return { kind: 'volume', value: decimal(action, raw) };
    case 'startDate':
      return { kind: 'dates', startDate: date(action, raw) };
    case 'endDate':
      return { kind: 'dates', endDate: date(action, raw) };
    case 'dates': {
      const [start, end, ...rest] = raw.split('_');
      if (!start || !end || rest.length) throw invalid(action, 'invalidDate');
      return { kind: 'dates', startDate: date(action, start), endDate: date(action, end) };
    }
  }
}

export const startAfterEnd = (field: string) => invalid(field, 'startAfterEnd');
export const unknownRef = (field: string) => invalid(field, 'unknownId');

/** Numbers to the numeric columns' text form. */
export const dec = (v: number) => v.toFixed(3);
export type VariantPatch = Partial<NewVariantRow>;
