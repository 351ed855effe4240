import type { z } from 'zod';
import { localName, type CatalogItem, type productRequest, type ProductRequestSent } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { languageForCountry } from '../../documents/email/language.js';
import { queueMailEvent, requeueMail, sendQueuedNow, type MailDeliveryDeps } from '../../documents/email/delivery.js';
import { countOutbox, listOutbox, type QueuedMail } from '../../documents/email/outbox.js';
import { renderProductRequest } from '../../documents/email/templates/product-request.js';
import * as catalogService from '../../platform/catalog/catalog.service.js';
import * as supplierProductsService from '../../pricing/supplier-products/supplier-products.service.js';
import { presentMessage } from './requests.presenter.js';
import * as repo from './requests.repository.js';

type RequestInput = z.output<typeof productRequest>;
const bad = (path: string, message: string, text: string) => new HttpError(400, 'VALIDATION_FAILED', text, [{ path, message }]);

async function entryOf(list: Promise<CatalogItem[]>, id: number | null | undefined, path: string) {
  if (id == null) return null;
  const found = (await list).find((x) => x.id === id);
  if (!found) throw bad(path, 'unknownId', `Unknown ${path}.`);
  return found;
}

/**
 * `sendProductRequest`: records the request and one message per chosen contact, with their `mail.queued`
 * events, in one transaction, then sends them at once through the processor's own path and answers
 * with each one's status (decisions 124, 1009); a stop after the commit leaves them to the processor.
 * Each contact must work for a supplier whose list holds the product. Each message is in the language
 * of its supplier's country, English when unknown.
 */
export async function send(db: Db, delivery: MailDeliveryDeps, userId: number | null, input: RequestInput): Promise<ProductRequestSent> {
  const [article] = await catalogService.requireArticles(db, [input.product]);
  const packaging = await entryOf(catalogService.listPackagings(db), input.packaging, 'packaging');
  const box = await entryOf(catalogService.listBoxes(db), input.box, 'box');
  const suppliers = await supplierProductsService.allowedSuppliers(db, input.product);
  const chosen = input.contacts.map((id) => {
    for (const s of suppliers) {
      const contact = s.contacts.find((c) => c.id === id);
      if (contact) return { contact, supplier: s };
    }
    throw bad('contacts', 'contactNotAllowed', `Contact ${id} is not a contact of a supplier of this product.`);
  });

  const { request, ids } = await db.transaction(async (tx) => {
    const request = await repo.insert(tx, {
      articleId: article!.id,
      packagingId: input.packaging ?? null,
      boxId: input.box ?? null,
      caliber: input.caliber,
      volume: input.volume.toFixed(3),
      startDate: input.startDate,
      endDate: input.endDate,
      requestedBy: userId,
    });
    const mails: QueuedMail[] = chosen.map(({ contact, supplier }) => {
      const language = languageForCountry(supplier.country?.alpha2);
      const contactName = `${contact.firstName} ${contact.lastName}`.trim();
      const rendered = renderProductRequest({
        language,
        contactName,
        company: supplier.company,
        product: article!.names[language] || article!.article,
        // Packaging and box in the supplier's language too (decision 640).
        packaging: packaging && localName(packaging, language),
        box: box && localName(box, language),
        caliber: input.caliber,
        volume: input.volume,
        startDate: input.startDate,
        endDate: input.endDate,
      });
      return {
        ...rendered,
        to: { name: contactName, address: contact.email },
        language,
        company: supplier.company,
        requestId: request.id,
        contactId: contact.id,
      };
    });
    return { request, ids: await queueMailEvent(tx, mails) };
  });

  const rows = await sendQueuedNow(db, delivery, ids);
  return { id: request.id, createdAt: request.createdAt.toISOString(), messages: rows.map(presentMessage) };
}

/**
 * Sends a failed or kept message again through the configured SMTP server: back to `pending` with a
 * new `mail.queued` event in one transaction, then sent at once as `send` does.
 */
export async function retry(db: Db, delivery: MailDeliveryDeps, id: number) {
  if (delivery.mailer.mode === 'outbox') throw new HttpError(409, 'MAIL_NOT_CONFIGURED', 'No SMTP server is configured; the message stays in the outbox.');
  const found = await requeueMail(db, id);
  if (found === 'missing') throw new HttpError(404, 'NOT_FOUND', 'Message not found.');
  if (found === 'sent') throw new HttpError(409, 'ALREADY_SENT', 'This message has been sent already.');
  if (found === 'pending') throw new HttpError(409, 'SENDING', 'This message is being sent.');
  const [row] = await sendQueuedNow(db, delivery, [id]);
  return presentMessage(row!);
}

export async function outbox(db: Db, page: number, size: number) {
  const [rows, total] = await Promise.all([listOutbox(db, size, page * size), countOutbox(db)]);
  return { content: rows.map(presentMessage), total, page, size };
}
