import { formatDay, type Language, type TraceResult } from '@primeur/shared';
import { countryName, eachPage, GREEN, GREY, newDocument } from './document.js';
import { documentText } from './i18n.js';

const MARGIN = 40;
const INK = '#222222';

/**
 * The trace as a report (issue 37, decision 1015) in the reader's language: what was searched, one
 * step back (the supplier and the lot) and one step forward (each order with its buyer, delivery,
 * pallets, claims and invoices). Flowing text: pdfkit opens pages as the chain needs them.
 */
export async function renderTrace(r: TraceResult, lng: Language): Promise<Buffer> {
  const t = (key: string, vars: Record<string, string | number> = {}) => documentText('trace', lng, key, vars);
  const { doc, done } = newDocument({
    margin: MARGIN,
    info: { Title: `${t('title')} ${r.lot.lotNumber}`, Author: 'Primeur', Creator: 'Primeur' },
    fonts: ['regular', 'bold', 'condensed', 'condensed-bold'],
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const day = (iso: string | null) => (iso ? formatDay(iso, lng, 'medium') : '—');
  const kg = (n: number) => `${n.toLocaleString(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.fillColor(GREEN).font('bold').fontSize(10).text(text.toUpperCase(), left, doc.y, { width });
    doc.fillColor(INK).font('regular').fontSize(9);
  };
  const fact = (label: string, value: string) => {
    doc.font('bold').fontSize(8.5).fillColor(GREY).text(`${label}: `, left, doc.y, { continued: true, width });
    doc
      .font('regular')
      .fillColor(INK)
      .text(value || '—');
  };

  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(18)
    .text(`${t('title')} ${r.lot.lotNumber}`, left, MARGIN + 12, { width });
  doc
    .fillColor(GREY)
    .font('regular')
    .fontSize(9)
    .text(t('searched', { entry: t(`entry.${r.entry}`), value: r.value }), { width });
  doc.text(t('totals', { orders: r.totals.orders, pallets: r.totals.pallets, buyers: r.totals.buyers, received: r.totals.palletsReceived }), { width });

  heading(t('back'));
  fact(
    t('supplier'),
    `${r.supplier.companyName}, ${r.supplier.city} (${countryName(r.supplier.countryAlpha2, r.supplier.countryAlpha2, lng)}) · ${r.supplier.vatId}`,
  );
  fact(
    t('certificates'),
    [r.supplier.globalGapNumber ? `GLOBALG.A.P. ${r.supplier.globalGapNumber}` : '', ...r.supplier.certificates].filter(Boolean).join(', '),
  );
  fact(t('lot'), [r.lot.lotNumber, ...new Set([r.lot.article[lng] || r.lot.title, r.lot.title])].join(' · '));
  fact(
    t('lotFacts'),
    [r.lot.variety, r.lot.caliber, r.lot.qualityClass ? t(`class.${r.lot.qualityClass}`) : null, countryName(r.lot.originAlpha2, r.lot.originName, lng)]
      .filter(Boolean)
      .join(' · '),
  );
  fact(t('packedOn'), day(r.lot.packedOn));
  if (r.lot.gtin) fact('GTIN', r.lot.gtin);

  heading(t('forward'));
  if (r.orders.length === 0) doc.text(t('noOrders'), { width });
  for (const o of r.orders) {
    const focused = r.focus.orderId === o.id;
    doc.moveDown(0.4);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(focused ? GREEN : INK)
      .text(`${o.number} · ${t(`status.${o.status}`)}${focused ? `  ◀ ${t('searchedHere')}` : ''}`, left, doc.y, { width });
    doc.fillColor(INK).font('regular').fontSize(8.5);
    fact(t('buyer'), `${o.buyer.companyName}, ${o.buyer.city} (${o.buyer.countryAlpha2}) · ${o.buyer.vatId}`);
    fact(t('deliveredTo'), `${o.deliveryAddress.address}, ${o.deliveryAddress.postalCode} ${o.deliveryAddress.city} (${o.deliveryAddress.countryAlpha2})`);
    fact(
      t('shipment'),
      o.shipment
        ? `${day(o.shipment.departureDate)} · ${kg(o.shipment.netKg)} · ${[o.shipment.carrierName, o.shipment.vehiclePlate].filter(Boolean).join(' · ')}`
        : t('notShipped'),
    );
    fact(t('receipt'), o.receipt ? `${day(o.receipt.at)} · ${kg(o.receipt.netKg)}${o.receipt.automatic ? ` · ${t('automatic')}` : ''}` : '—');
    if (o.palletList.length > 0) {
      doc
        .font('bold')
        .fontSize(8.5)
        .fillColor(GREY)
        .text(`${t('pallets')} (${o.palletList.length})`, left, doc.y, { width });
      doc.font('condensed').fontSize(8).fillColor(INK);
      for (const p of o.palletList) {
        const marked = r.focus.palletCode === p.code;
        doc
          .font(marked ? 'condensed-bold' : 'condensed')
          .fillColor(marked ? GREEN : INK)
          .text(
            `${String(p.seq).padStart(2, ' ')}. ${p.gs1 ? 'SSCC ' : ''}${p.code}${p.gs1 ? '' : ` (${t('internal')})`} · ${kg(p.netKg)} · ${p.receivedAt ? `${t('palletReceived')} ${day(p.receivedAt)}` : t('palletNotReceived')}`,
            left + 10,
            doc.y,
            { width: width - 10 },
          );
      }
      doc.fillColor(INK);
    }
    fact(t('claims'), o.claims.map((c) => `#${c.id} ${t(`claimStatus.${c.status}`)} (${day(c.at)})`).join(', ') || '—');
    fact(t('invoices'), o.invoices.map((i) => `${i.number ?? t('unnumbered')} (${i.status}, ${day(i.issueDate)})`).join(', ') || '—');
  }

  eachPage(doc, (page, pages) => {
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(`${t('footer')} · ${page}/${pages}`, left, doc.page.height - MARGIN + 8, { width, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}
