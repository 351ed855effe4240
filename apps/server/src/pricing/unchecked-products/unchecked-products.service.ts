import { parsePhoneNumberFromString } from '../../lib/phone-numbers.js';
import type { Db, Executor } from '../../db/client.js';
import type { inboundMessages } from '../../db/schema/index.js';
import type { MoveUncheckedBody } from '@primeur/shared';
import { CALIBER_MAX_LENGTH, UNCHECKED_DEFAULT_VALIDITY_DAYS, addDays, todayInParis } from '@primeur/shared';
import { HttpError, notFound } from '../../lib/http-error.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as companiesService from '../../companies/companies/companies.service.js';
import * as contactsService from '../../companies/contacts/contacts.service.js';
import * as locationService from '../../platform/location/location.service.js';
import * as productLinksService from '../../companies/product-links/product-links.service.js';
import * as supplierProductsService from '../supplier-products/supplier-products.service.js';
import { CatalogMatcher } from '../../lib/offers/catalog-matcher.js';
import { parseMessage, type ParsedOffer } from '../../lib/offers/offer-parser.js';
import { presentUnchecked } from './unchecked-products.presenter.js';
import { recordChange, recordCreations, SYSTEM, type Actor } from '../../events/changes.js';
import * as repo from './unchecked-products.repository.js';
import { type NewUncheckedRow } from './unchecked-products.repository.js';

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

/** Builds the matcher from the live catalog: once per batch of messages, not once per message. */
async function loadMatcher(db: Db) {
  const [articles, countries, boxes, packagings] = await Promise.all([
    catalogService.listArticles(db),
    locationService.listCountries(db),
    catalogService.listBoxes(db),
    catalogService.listPackagings(db),
  ]);
  return new CatalogMatcher({ articles, countries, boxes, packagings });
}

const e164Cache = new Map<string, string | null>();
/** Memoised: a notification of 2,000 messages comes from a handful of numbers, and parsing one is not free. */
function e164(phone: string) {
  let v = e164Cache.get(phone);
  if (v === undefined) {
    v = parsePhoneNumberFromString(phone.startsWith('+') ? phone : `+${phone}`)?.number ?? null;
    if (e164Cache.size > 10_000) e164Cache.clear();
    e164Cache.set(phone, v);
  }
  return v;
}

/** Supplier by contact phone (contacts are stored in E.164, decision 103), loaded once per batch. */
async function suppliersByPhone(db: Db) {
  const suppliers = await companiesService.options(db, 'supplier');
  const contacts = await contactsService.listByCompanies(
    db,
    suppliers.map((s) => s.id),
  );
  const byPhone = new Map<string, number>();
  for (const c of contacts) if (c.phone && c.supplierId != null && !byPhone.has(c.phone)) byPhone.set(c.phone, c.supplierId);
  return byPhone;
}

/**
 * PostgreSQL text cannot hold a NUL character; a message containing one is still stored, with the
 * NUL shown as U+FFFD (the replacement character), rather than refused and lost.
 */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

/** Lets the event loop answer other requests between two messages of a large batch. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ParseOptions {
  /** Messages per batch (default 50): the catalog matcher and the contacts are loaded once per batch. */
  batchSize?: number;
  /** A claim older than this belongs to an instance that died: the message is taken over. */
  staleMs?: number;
  today?: Date;
  onError?: (err: unknown, messageId: number) => void;
}

type StoredMessage = typeof inboundMessages.$inferSelect;

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
    caliber: o.caliber.slice(0, CALIBER_MAX_LENGTH),
    qualityClass: o.qualityClass,
    priceKg: money(o.priceKg),
    priceColis: money(o.priceColis),
    pricePiece: money(o.pricePiece),
    volume: o.volume === null ? null : o.volume.toFixed(2),
    startDate: o.startDate,
    lookalike: o.lookalike,
  };
}

interface ParseContext {
  matcher: CatalogMatcher;
  byPhone: Map<string, number>;
}

/** The rows of one stored message (pure: no database). */
function rowsOf(message: StoredMessage, context: ParseContext, givenSupplierId: number | null, today: Date) {
  const supplierId = givenSupplierId ?? (message.fromPhone ? (context.byPhone.get(message.fromPhone) ?? null) : null);
  return parseMessage(message.body, context.matcher, { today }).map((o) => toRow(message.id, supplierId, o));
}

/**
 * Writes the rows of parsed messages (replacing any from an earlier attempt) and marks them parsed,
 * in one transaction and a few statements, however many messages.
 */
async function writeParsed(db: Db, parsed: Array<{ id: number; rows: NewUncheckedRow[] }>, actor: Actor | null = SYSTEM) {
  if (!parsed.length) return [];
  return db.transaction(async (tx) => {
    const ids = parsed.map((p) => p.id);
    await repo.deleteRowsOfMessages(tx, ids);
    const rows = parsed.flatMap((p) => p.rows);
    const rowIds = await repo.insertRows(tx, rows, breathe);
    // In the change history: the intake's rows as the system's (a WhatsApp message), a pasted one as its staff member's.
    await recordCreations(
      tx,
      actor,
      'uncheckedProduct',
      rowIds.map((id, i) => ({ id, after: rows[i]! })),
    );
    await repo.markParsed(tx, ids);
    return rowIds;
  });
}

/**
 * Durable intake, step 1 (decision 522): stores WhatsApp messages exactly as received, in one
 * transaction of its own, before the webhook answers 200. Nothing is parsed here. A message id
 * seen before is skipped. Throws when the database is unreachable, so Meta retries.
 */
export async function storeIncoming(db: Db, messages: Array<Pick<IncomingMessage, 'externalId' | 'fromPhone' | 'body' | 'receivedAt'> & { refused?: string }>) {
  if (!messages.length) return 0;
  // A message refused at intake is kept as failed with its reason (decision 782): the operator sees
  // it among the unparsed messages and may read it again.
  const values = messages.map((m) => ({
    source: 'whatsapp' as const,
    externalId: m.externalId ?? null,
    fromPhone: m.fromPhone ? e164(m.fromPhone) : null,
    body: storable(m.body),
    receivedAt: m.receivedAt ?? new Date(),
    status: m.refused ? ('failed' as const) : ('pending' as const),
    parseError: m.refused ? storable(m.refused).slice(0, 2000) : null,
  }));
  return db.transaction((tx) => repo.storeMessages(tx, values, breathe));
}

/**
 * Durable intake, step 2: parses stored messages in bounded batches until none waits. Each message
 * is parsed and its rows written in a transaction of its own; one that fails stays stored with its
 * error (shown on the review page, parsed again on request). Returns how many were parsed.
 */
export async function parsePending(db: Db, opts: ParseOptions = {}) {
  const batchSize = opts.batchSize ?? 50;
  let done = 0;
  for (;;) {
    const batch = await repo.claimBatch(db, batchSize, opts.staleMs ?? 5 * 60_000);
    if (!batch.length) return done;
    const context: ParseContext = { matcher: await loadMatcher(db), byPhone: await suppliersByPhone(db) };
    const parsed: Array<{ id: number; rows: NewUncheckedRow[] }> = [];
    for (const message of batch) {
      // One message at a time, with the event loop free in between: a large batch never stalls
      // the requests of other users.
      await breathe();
      try {
        parsed.push({ id: message.id, rows: rowsOf(message, context, null, opts.today ?? new Date()) });
      } catch (err) {
        opts.onError?.(err, message.id);
        await repo.markFailed(db, message.id, err instanceof Error ? err.message : String(err));
      }
    }
    await breathe();
    await writeParsed(db, parsed);
    done += parsed.length;
  }
}

/** Messages not parsed (failed, or still waiting), newest first, for the review page. */
export async function unparsed(db: Executor, limit = 50) {
  return (await repo.unparsed(db, limit)).map((m) => ({
    id: m.id,
    source: m.source,
    fromPhone: m.fromPhone,
    body: m.body,
    receivedAt: m.receivedAt.toISOString(),
    status: m.status,
    error: m.parseError,
    attempts: m.attempts,
  }));
}

/** The number of received messages not parsed yet (waiting, or being parsed): the metrics' inbound backlog. */
export const countInboundToParse = (db: Executor) => repo.countToParse(db);

/** Puts a failed message back in the queue; the caller then runs parsePending. */
export async function retry(db: Executor, messageId: number) {
  if (!(await repo.requeue(db, messageId))) throw notFound('Failed message');
}

/**
 * A message staff pasted on the review page: stored, then parsed at once (staff wait for the rows).
 * If parsing fails, the message stays stored as failed, like a WhatsApp one.
 */
export async function importMessage(db: Db, actor: Actor | null, msg: IncomingMessage, today = new Date()) {
  if (msg.supplierId != null) await companiesService.requireCompany(db, 'supplier', msg.supplierId);
  const message = await repo.insertMessage(db, {
    source: msg.source,
    externalId: msg.externalId ?? null,
    fromPhone: msg.fromPhone ? e164(msg.fromPhone) : null,
    body: storable(msg.body),
    receivedAt: msg.receivedAt ?? new Date(),
    status: 'parsing',
    claimedAt: new Date(),
    attempts: 1,
  });
  if (!message) return null;
  const context: ParseContext = { matcher: await loadMatcher(db), byPhone: await suppliersByPhone(db) };
  try {
    const ids = await writeParsed(db, [{ id: message.id, rows: rowsOf(message, context, msg.supplierId ?? null, today) }], actor);
    return (await repo.byIds(db, ids)).map(presentUnchecked);
  } catch (err) {
    await repo.markFailed(db, message.id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

/** Page `page` (from 0) of `size` rows, oldest first. */
export async function page(db: Executor, page: number, size: number) {
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
}

/**
 * Moves a reviewed row into the supplier's price list: one transaction creates the supplier
 * variant (through the supplier-products service) and deletes the row, so a row is never both
 * lost and not created, nor moved twice (the row is locked first). Refusals use the §8 texts.
 */
export async function move(db: Db, actor: Actor | null, id: number, input: MoveUncheckedBody, today = new Date()) {
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
    const startDate = input.startDate ?? row.startDate ?? todayInParis(today);
    const endDate = input.endDate ?? addDays(startDate, UNCHECKED_DEFAULT_VALIDITY_DAYS - 1);
    const variant = await supplierProductsService.addVariant(tx, actor, {
      productLinkId: link.id,
      originId: input.originId ?? null,
      packagingId: input.packagingId ?? null,
      boxId: input.boxId ?? null,
      caliber: input.caliber ?? row.caliber,
      qualityClass: input.qualityClass === undefined ? row.qualityClass : input.qualityClass,
      priceKg: input.priceKg ?? 0,
      priceColis: input.priceColis ?? 0,
      pricePiece: input.pricePiece ?? 0,
      volume: input.volume ?? 0,
      startDate,
      endDate,
    });
    await repo.delete(tx, id);
    await recordChange(tx, actor, 'uncheckedProduct', id, 'delete', row, null);
    return variant;
  });
}

export async function remove(db: Db, actor: Actor | null, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.findForUpdate(tx, id);
    if (!row || !(await repo.delete(tx, id))) throw notFound('Unchecked product');
    await recordChange(tx, actor, 'uncheckedProduct', id, 'delete', row, null);
  });
}
