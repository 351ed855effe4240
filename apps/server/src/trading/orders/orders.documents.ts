import type { Language } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { renderCmr } from '../../documents/pdf/cmr.js';
import { renderDeliveryNote } from '../../documents/pdf/delivery-note.js';
import { docText, type ShippingDocModel } from '../../documents/pdf/shipping-model.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { SessionUser } from '../../plugins/session.js';
import { sideOf } from './orders.policy.js';
import { findRow } from './orders.read-model.js';
import * as repo from './orders.repository.js';
import { packagingNameIn } from '../../platform/catalog/catalog.service.js';
import { palletsOf, presentPallet } from './orders.pallets.js';
import type { OrderRow } from './orders.repository.js';
import type { OrderDeps } from './orders.messages.js';

/**
 * The order's transport documents (issue 22, decision 800): the CMR consignment note and the
 * delivery note, drawn from the order's own facts (its lot, shipment and receipt).
 */

/**
 * Which documents an order has (decision 800): drafts while CONFIRMED (the seller prepares the
 * truck), final once shipped; a cancelled order keeps them only if its goods had left.
 */
function documentState(o: OrderRow): 'draft' | 'final' {
  if (o.status === 'CONFIRMED') return 'draft';
  if (o.status === 'CANCELLED' && !o.shippedAt) {
    throw new HttpError(409, 'DOCUMENT_NOT_AVAILABLE', 'This order was cancelled before shipping: it has no transport documents.', [
      { path: 'status', message: o.status },
    ]);
  }
  return 'final';
}

async function shippingModel(db: Executor, o: OrderRow, claimWindowMs: number, lng: Language): Promise<ShippingDocModel> {
  const family = await repo.articleFamily(db, o.lot.articleId);
  const draft = documentState(o) === 'draft';
  return {
    number: o.number,
    draft,
    createdAt: o.createdAt,
    seller: o.seller,
    buyer: o.buyer,
    deliveryAddress: o.deliveryAddress,
    requestedDeliveryDate: o.requestedDeliveryDate,
    incoterm: o.incoterm,
    incotermPlace: o.incotermPlace,
    lot: { ...o.lot, packaging: await packagingNameIn(db, o.lot.packaging, lng) },
    hsChapter: family === 'fruits' ? '08' : family === 'legumes' ? '07' : null,
    pallets: o.pallets,
    estimatedNetKg: o.estimatedNetKg === null ? null : Number(o.estimatedNetKg),
    shipment:
      o.shippedPallets !== null && o.shippedNetKg !== null
        ? {
            pallets: o.shippedPallets,
            netKg: Number(o.shippedNetKg),
            departureDate: o.departureDate ?? '',
            vehiclePlate: o.vehiclePlate ?? '',
            carrierName: o.carrierName,
          }
        : null,
    receipt:
      o.receivedAt && o.receivedPallets !== null && o.receivedNetKg !== null
        ? {
            pallets: o.receivedPallets,
            netKg: Number(o.receivedNetKg),
            receivedAt: o.receivedAt,
            automatic: o.receivedAutomatically,
            differences: o.receivedDifferences,
          }
        : null,
    claimWindowHours: Math.round((claimWindowMs / 3_600_000) * 10) / 10,
    palletList: (await palletsOf(db, o.id)).map(presentPallet),
  };
}

/** The CMR or the delivery note of an order in `lng`, for a party or the operator. */
export async function shippingDocument(
  deps: Pick<OrderDeps, 'db' | 'claimWindowMs'>,
  user: SessionUser,
  id: number,
  kind: 'cmr' | 'deliveryNote',
  lng: Language,
) {
  const order = await findRow(deps.db, id);
  if (!order) throw notFound('Order');
  sideOf(order, user);
  const model = await shippingModel(deps.db, order, deps.claimWindowMs, lng);
  const pdf = kind === 'cmr' ? await renderCmr(model, lng) : await renderDeliveryNote(model, lng);
  return { pdf, filename: `${docText(lng)(kind === 'cmr' ? 'filename.cmr' : 'filename.deliveryNote')}-${order.number}.pdf` };
}
