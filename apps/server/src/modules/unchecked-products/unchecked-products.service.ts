import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db, Executor } from '../../db/client.js';
import type { MoveUncheckedBody } from '@primeur/shared';
import { UNCHECKED_DEFAULT_VALIDITY_DAYS } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import { catalogService } from '../catalog/catalog.service.js';
import { companiesService } from '../companies/companies.service.js';
import { contactsService } from '../contacts/contacts.service.js';
import { locationService } from '../location/location.service.js';
import { productLinksService } from '../product-links/product-links.service.js';
import { supplierProductsService } from '../supplier-products/supplier-products.service.js';
import { CatalogMatcher } from '../../lib/offers/catalog-matcher.js';
import { parseMessage, type ParsedOffer } from '../../lib/offers/offer-parser.js';
import { presentUnchecked } from './unchecked-products.presenter.js';
import { uncheckedRepository as repo } from './unchecked-products.repository.js';

export interface IncomingMessage {
  source: 'whatsapp' | 'paste';
  /** WhatsApp message id; redeliveries carry the same one. */
  externalId?: string;
  /** Sender as WhatsApp gives it (digits, no +) or E.164. */
  fromPhone?: string;
  body: string;
  receivedAt?: Date;
  /** Pasted messages: the supplier staff chose, if any. */
  supplierId?: number | null;
}

/** Builds the matcher from the live catalog; loaded per import (a message is rare, the catalog small). */
async function loadMatcher(db: Db) {
  const [articles, countries, boxes, packagings] = await Promise.all([
    catalogService.listArticles(db),
    locationService.listCountries(db),
    catalogService.listBoxes(db),
    catalogService.listPackagings(db),
  ]);
  return new CatalogMatcher({ articles, countries, boxes, packagings });
}

const e164 = (phone: string) => parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${phone}`)?.number ?? null;

/** The supplier one of whose contacts has this number; contacts are stored in E.164 (decision 103). */
async function supplierByPhone(db: Db, phone: string | null) {
  if (!phone) return null;
  const suppliers = await companiesService.options(db, 'supplier');
  const contacts = await contactsService.listByCompanies(db, suppliers.map((s) => s.id));
  return contacts.find((c) => c.phone === phone)?.supplierId ?? null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

const money = (n: number | null) => (n === null ? null : n.toFixed(3));

function toRow(messageId: number, supplierId: number | null, o: ParsedOffer) {
  return {
    messageId,
    supplierId,
    line: o.line,
    productName: o.productName.slice(0, 200),
    origin: o.origin,
    packaging: o.packaging.slice(0, 200),
    box: o.box.slice(0, 200),
    caliber: o.caliber.slice(0, 40),
    priceKg: money(o.priceKg),
    priceColis: money(o.priceColis),
    pricePiece: money(o.pricePiece),
    volume: o.volume === null ? null : o.volume.toFixed(2),
    startDate: o.startDate,
    lookalike: o.lookalike,
  };
}

export const uncheckedProductsService = {
  /**
   * Stores the message and one unchecked row per offer line, in one transaction. Answers null when
   * the message id was already imported (WhatsApp retries a delivery until it gets a 200).
   */
  async importMessage(db: Db, msg: IncomingMessage, today = new Date()) {
    const matcher = await loadMatcher(db);
    const fromPhone = msg.fromPhone ? e164(msg.fromPhone) : null;
    let supplierId = msg.supplierId ?? null;
    if (supplierId !== null) await companiesService.requireCompany(db, 'supplier', supplierId);
    else supplierId = await supplierByPhone(db, fromPhone);
    const offers = parseMessage(msg.body, matcher, { today });
    const ids = await db.transaction(async (tx) => {
      const message = await repo.insertMessage(tx, {
        source: msg.source,
        externalId: msg.externalId ?? null,
        fromPhone,
        body: msg.body,
        receivedAt: msg.receivedAt ?? new Date(),
      });
      if (!message) return null;
      return repo.insertRows(tx, offers.map((o) => toRow(message.id, supplierId, o)));
    });
    if (ids === null) return null;
    return (await repo.byIds(db, ids)).map(presentUnchecked);
  },

  /** Page `page` (from 0) of `size` rows, oldest first. */
  async page(db: Executor, page: number, size: number) {
    const [rows, total] = await Promise.all([repo.page(db, page * size, size), repo.total(db)]);
    const totalPages = Math.ceil(total / size);
    return {
      content: rows.map(presentUnchecked),
      page,
      size,
      totalElements: total,
      totalPages,
      first: page === 0,
      last: page >= totalPages - 1,
    };
  },

  /**
   * Moves a reviewed row into the supplier's price list: one transaction creates the supplier
   * variant (through the supplier-products service) and deletes the row, so a row is never both
   * lost and not created, nor moved twice (the row is locked first). Refusals use the §8 texts.
   */
  async move(db: Db, id: number, input: MoveUncheckedBody, today = new Date()) {
    return db.transaction(async (tx) => {
      const row = await repo.findForUpdate(tx, id);
      if (!row) throw notFound('Unchecked product');
      if (input.supplierId === null) throw new HttpError(400, 'MISSING_SUPPLIER', 'Missing supplier.', [{ path: 'supplierId', message: 'noGivenSupplier' }]);
      if (input.productId === null) throw new HttpError(400, 'VALIDATION_FAILED', 'Missing product.', [{ path: 'productId', message: 'required' }]);
      await companiesService.requireCompany(tx, 'supplier', input.supplierId);
      const links = (await productLinksService.listByCompanies(tx, [input.supplierId])).get(input.supplierId) ?? [];
      const link = links.find((l) => l.product.id === input.productId);
      if (!link) {
        throw new HttpError(409, 'PRODUCT_NOT_IN_SUPPLIER_LIST', 'This supplier does not have this product in their list.', [
          { path: 'productId', message: 'productNotInSupplierList' },
        ]);
      }
      const startDate = input.startDate ?? row.startDate ?? isoDay(today);
      const endDate = input.endDate ?? addDays(startDate, UNCHECKED_DEFAULT_VALIDITY_DAYS - 1);
      const variant = await supplierProductsService.addVariant(tx, {
        productLinkId: link.id,
        originId: input.originId ?? null,
        packagingId: input.packagingId ?? null,
        boxId: input.boxId ?? null,
        caliber: input.caliber ?? row.caliber,
        priceKg: input.priceKg ?? 0,
        priceColis: input.priceColis ?? 0,
        pricePiece: input.pricePiece ?? 0,
        volume: input.volume ?? 0,
        startDate,
        endDate,
      });
      await repo.delete(tx, id);
      return variant;
    });
  },

  async remove(db: Executor, id: number) {
    if (!(await repo.delete(db, id))) throw notFound('Unchecked product');
  },
};
