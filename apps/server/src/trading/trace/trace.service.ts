import { lotNumberOf, normalisePalletCode, type TraceEntry, type TraceOrder, type TraceQuery, type TraceResult } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';
import * as orders from '../orders/orders.read-model.js';
import type { OrderRow } from '../orders/orders.read-model.js';
import { claimsOfOrders } from '../claims/claims.read-model.js';
import * as invoices from '../invoicing/invoicing.read-model.js';
import { lotWithNames, sellerCertificates } from '../marketplace/marketplace.read-model.js';

/**
 * The trace (issue 37, decision 1015): from one of its four entries to the lot, then one step back
 * (the supplier, its certificates, the lot's facts) and one step forward (every order of the lot with
 * its buyer, delivery, pallets, claims and invoices). A lot is sold in few orders, so the chain is a
 * handful of indexed queries whatever the size of the books.
 */

interface Start {
  productId: number;
  focus: { orderId: number | null; palletCode: string | null };
}

const notTraced = (entry: TraceEntry, value: string) =>
  new HttpError(404, 'NOT_FOUND', `Nothing on Primeur matches ${entry} "${value}".`, [{ path: entry, message: 'notFound' }]);

/** Where the search starts: the lot, and the order or pallet it named. */
async function start(db: Executor, entry: TraceEntry, value: string): Promise<Start> {
  const lotOf = (o: OrderRow | undefined) => {
    if (!o || o.productId === null) throw notTraced(entry, value);
    return o.productId;
  };
  switch (entry) {
    case 'sscc': {
      const pallet = await orders.palletByCode(db, value);
      if (!pallet) throw notTraced(entry, value);
      return { productId: lotOf(await orders.findRow(db, pallet.orderId)), focus: { orderId: pallet.orderId, palletCode: pallet.code } };
    }
    case 'order': {
      const v = value.toUpperCase();
      const o = /^\d{1,9}$/.test(v) ? await orders.findRow(db, Number(v)) : await orders.rowByNumber(db, v);
      return { productId: lotOf(o), focus: { orderId: o!.id, palletCode: null } };
    }
    case 'lot': {
      const m = /^L?(\d{1,9})$/i.exec(value);
      if (!m || Number(m[1]) > 2_147_483_647) throw notTraced(entry, value);
      return { productId: Number(m[1]), focus: { orderId: null, palletCode: null } };
    }
    case 'invoice': {
      const ids = await invoices.orderIdsOfNumber(db, value);
      const rows = (await Promise.all(ids.map((id) => orders.findRow(db, id)))).filter((o): o is OrderRow => o !== undefined && o.productId !== null);
      if (rows.length === 0) throw notTraced(entry, value);
      if (new Set(rows.map((o) => o.productId)).size > 1) {
        // Numbers are unique per seller: the same number may belong to two sellers' invoices.
        throw new HttpError(
          409,
          'TRACE_AMBIGUOUS',
          `Invoice number "${value}" belongs to several sellers: trace one of their orders.`,
          rows.map((o) => ({ path: 'order', message: o.number })),
        );
      }
      return { productId: rows[0]!.productId!, focus: { orderId: rows.length === 1 ? rows[0]!.id : null, palletCode: null } };
    }
  }
}

const party = (p: OrderRow['buyer'], userId: number | null) => ({
  userId,
  companyName: p.companyName,
  city: p.city,
  countryAlpha2: p.countryAlpha2,
  vatId: p.vatId,
});

export async function trace(db: Executor, q: TraceQuery): Promise<TraceResult> {
  const entry = (['sscc', 'lot', 'order', 'invoice'] as const).find((k) => q[k] !== undefined)!;
  const value = entry === 'sscc' ? normalisePalletCode(q.sscc!) : q[entry]!.trim();
  const { productId, focus } = await start(db, entry, value);
  const [rows, listed] = await Promise.all([orders.rowsOfLot(db, productId), lotWithNames(db, productId)]);
  if (rows.length === 0 && !listed) throw notTraced(entry, value);
  const ids = rows.map((o) => o.id);
  const [palletRows, claimRows, invoiceRows] = await Promise.all([orders.palletsOfOrders(db, ids), claimsOfOrders(db, ids), invoices.ofOrders(db, ids)]);

  // One step back: the lot as sold (the first order's snapshot), else as listed today.
  const first = rows[0];
  const supplierId = first?.sellerId ?? listed?.product.supplierId ?? null;
  const [account, certs] = await Promise.all([
    supplierId === null ? undefined : accountWithPlace(db, supplierId),
    supplierId === null ? new Map<number, Array<{ name: string }>>() : sellerCertificates(db, [supplierId]),
  ]);
  const snap = first?.lot;
  const p = listed?.product;
  const lot: TraceResult['lot'] = {
    productId,
    lotNumber: lotNumberOf(productId),
    title: snap?.title ?? p!.name,
    article: snap?.article ?? listed!.articleNames,
    variety: snap ? (snap.variety ?? null) : (p!.variety ?? null),
    caliber: snap?.caliber ?? p!.caliber,
    qualityClass: snap ? snap.qualityClass : p!.qualityClass,
    originAlpha2: snap?.originAlpha2 ?? listed!.originAlpha2,
    originName: snap?.originName ?? listed!.originName,
    packedOn: snap ? (snap.packedOn ?? null) : (p!.packedOn ?? null),
    gtin: snap ? (snap.gtin ?? null) : (p!.gtin ?? null),
    listed: listed !== undefined,
  };
  const supplier: TraceResult['supplier'] = {
    ...(first
      ? party(first.seller, supplierId)
      : {
          userId: supplierId,
          companyName: account?.companyName ?? '',
          city: account?.city ?? '',
          countryAlpha2: account?.alpha2 ?? '',
          vatId: account?.vatId ?? '',
        }),
    globalGapNumber: account?.globalGapNumber?.trim() || null,
    certificates: (supplierId === null ? [] : (certs.get(supplierId) ?? [])).map((c) => c.name),
  };

  const chain: TraceOrder[] = rows.map((o) => ({
    id: o.id,
    number: o.number,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    buyer: party(o.buyer, o.buyerId),
    deliveryAddress: o.deliveryAddress,
    pallets: o.shippedPallets ?? o.pallets,
    shipment: o.shippedAt
      ? {
          departureDate: o.departureDate,
          at: o.shippedAt.toISOString(),
          vehiclePlate: o.vehiclePlate,
          carrierName: o.carrierName,
          netKg: Number(o.shippedNetKg),
        }
      : null,
    receipt:
      o.receivedAt && o.receivedNetKg !== null
        ? { at: o.receivedAt.toISOString(), netKg: Number(o.receivedNetKg), automatic: o.receivedAutomatically, differences: o.receivedDifferences }
        : null,
    palletList: palletRows.filter((r) => r.orderId === o.id).map(orders.presentPallet),
    claims: claimRows.filter((c) => c.orderId === o.id).map((c) => ({ id: c.id, status: c.status, reasons: c.reasons, at: c.createdAt.toISOString() })),
    invoices: invoiceRows
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ id: i.id, kind: i.kind, number: i.number, status: i.status, issueDate: i.issueDate })),
  }));
  return {
    entry,
    value,
    focus,
    lot,
    supplier,
    orders: chain,
    totals: {
      orders: chain.length,
      pallets: palletRows.length,
      buyers: new Set(chain.map((o) => o.buyer.userId ?? o.buyer.companyName)).size,
      palletsReceived: palletRows.filter((r) => r.receivedAt !== null).length,
    },
  };
}
