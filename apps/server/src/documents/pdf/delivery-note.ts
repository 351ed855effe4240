import { formatDateTime, formatDay, formatDecimal, lotNumberOf, type Language } from '@primeur/shared';
import { eachPage, rule, sectionTitle, tableHeader } from './document.js';
import { documentText } from './i18n.js';
import { OPERATOR } from './operator.js';
import {
  GREEN,
  GREY,
  INK,
  LINE,
  addressLines,
  countryName,
  docText,
  draftMark,
  newShippingDocument,
  type ShippingDocModel,
  type ShippingParty,
} from './shipping-model.js';

const MARGIN = 40;
const ROW = 17;

/**
 * The delivery note for the receiving dock (issue 22): the order number, the lot as sold, the
 * transport, one line per pallet with a box to tick, and the receipt as recorded in Primeur (or
 * blanks to fill by hand). Pages break inside the pallet table with its header repeated.
 */
export async function renderDeliveryNote(m: ShippingDocModel, lng: Language): Promise<Buffer> {
  const t = docText(lng);
  const { doc, done } = newShippingDocument(`${t('dn.title')} ${m.number}`, OPERATOR.name, MARGIN);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;
  const kg = (v: number) => t('dn.kg', { kg: formatDecimal(v, lng, { maxDecimals: 2 }) });
  const country = (p: { countryAlpha2: string; countryName?: string }) => countryName(p.countryAlpha2, p.countryName ?? p.countryAlpha2, lng);
  const shipped = m.shipment;
  const pallets = shipped?.pallets ?? m.pallets;
  const l = m.lot;

  // Header.
  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(16)
    .text(OPERATOR.name, left, MARGIN + 12);
  doc.fillColor(GREY).font('regular').fontSize(7.5).text(OPERATOR.address).text(OPERATOR.contact);
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(16)
    .text(t('dn.title'), left, MARGIN + 12, { width, align: 'right' });
  doc
    .font('bold')
    .fontSize(11)
    .text(`${t('dn.order')} ${m.number}`, { width, align: 'right' })
    .font('regular')
    .fontSize(8.5)
    .text(t('cmr.pair', { label: t('dn.departure'), value: shipped ? formatDay(shipped.departureDate, lng, 'long') : t('dn.notShipped') }), {
      width,
      align: 'right',
    });

  // Parties and the place of delivery, three columns.
  let y = MARGIN + 78;
  const colW = (width - 24) / 3;
  const column = (title: string, lines: string[], i: number) => {
    const x = left + i * (colW + 12);
    doc.fillColor(GREEN).font('bold').fontSize(8.5).text(title.toUpperCase(), x, y, { width: colW });
    doc
      .fillColor(INK)
      .font('bold')
      .fontSize(9)
      .text(lines[0] ?? '', { width: colW });
    doc.font('regular').fontSize(8.5);
    for (const line of lines.slice(1)) doc.text(line, { width: colW });
    return doc.y;
  };
  const party = (p: ShippingParty) => [p.companyName, ...addressLines(p, country(p)), p.vatId ? `${t('vat')} ${p.vatId}` : ''].filter(Boolean);
  const d = m.deliveryAddress;
  y =
    Math.max(
      column(t('dn.seller'), party(m.seller), 0),
      column(t('dn.buyer'), party(m.buyer), 1),
      column(t('dn.deliverTo'), [m.buyer.companyName, ...addressLines(d, country(d))], 2),
    ) + 14;

  // Label / value pairs in two columns.
  const section = (title: string) => {
    y = sectionTitle(doc, title, { left, y, width }, { size: 10, above: 5, below: 4 });
  };
  const pairs = (items: Array<[string, string]>) => {
    const w = (width - 20) / 2;
    for (let i = 0; i < items.length; i += 2) {
      let next = y;
      for (const [j, item] of [items[i], items[i + 1]].entries()) {
        if (!item) continue;
        const x = left + j * (w + 20);
        doc.fillColor(GREY).font('regular').fontSize(8).text(item[0], x, y, { width: 110 });
        doc
          .fillColor(INK)
          .font('regular')
          .fontSize(8.5)
          .text(item[1], x + 112, y, { width: w - 112 });
        next = Math.max(next, doc.y);
      }
      y = next + 3;
    }
  };

  section(t('dn.transport'));
  pairs([
    [t('dn.carrier'), shipped?.carrierName ?? t('dn.notSet')],
    [t('dn.vehicle'), shipped?.vehiclePlate || t('dn.notSet')],
    [t('dn.incoterm'), `${m.incoterm} ${m.incotermPlace}`.trim()],
    [t('dn.requestedDate'), m.requestedDeliveryDate ? formatDay(m.requestedDeliveryDate, lng) : t('dn.notSet')],
  ]);
  y += 6;
  section(t('dn.goods'));
  pairs([
    [t('dn.article'), l.article[lng] || l.article.en],
    [t('dn.lot'), t('dn.lotValue', { lot: lotNumberOf(l.productId), title: l.title })],
    [t('dn.origin'), countryName(l.originAlpha2, l.originName, lng)],
    [t('dn.caliber'), l.caliber || '—'],
    [t('dn.packaging'), l.packaging || '—'],
    [t('dn.class'), l.qualityClass ? documentText('trace', lng, `class.${l.qualityClass}`) : '—'],
    [t('dn.variety'), l.variety || '—'],
    [t('dn.packedOn'), l.packedOn ? formatDay(l.packedOn, lng) : '—'],
    [t('dn.kgPerPallet'), l.netKgPerPallet !== null ? kg(l.netKgPerPallet) : '—'],
    [t('dn.boxesPerPallet'), l.boxesPerPallet !== null ? String(l.boxesPerPallet) : '—'],
  ]);
  y += 6;

  // One line per pallet, ticked at the dock.
  section(t('dn.pallets'));
  const perPallet = shipped ? shipped.netKg / shipped.pallets : l.netKgPerPallet;
  // Issue 37: once shipped, each pallet as numbered and weighed (its SSCC, net and gross), not an average.
  const listed = m.palletList.length > 0;
  const hasGross = listed && m.palletList.some((p) => p.grossKg !== null);
  const cols = [
    { key: 'dn.colNo', w: 28, align: 'right' as const },
    { key: listed ? 'dn.colCode' : 'dn.colLabel', w: listed ? 150 : 150, align: 'left' as const },
    { key: 'dn.colBoxes', w: 50, align: 'right' as const },
    { key: 'dn.colKg', w: 74, align: 'right' as const },
    ...(hasGross ? [{ key: 'dn.colGross', w: 66, align: 'right' as const }] : []),
    { key: 'dn.colChecked', w: 52, align: 'left' as const },
    { key: 'dn.colRemarks', w: 0, align: 'left' as const },
  ];
  cols[cols.length - 1]!.w = width - cols.slice(0, -1).reduce((s, c) => s + c.w, 0);
  const header = () => {
    y += tableHeader(
      doc,
      cols.map((c) => ({ label: t(c.key), width: c.w, align: c.align })),
      { left, y, width },
      3,
    );
  };
  header();
  for (let i = 1; i <= (listed ? m.palletList.length : pallets); i++) {
    if (y + ROW > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (i % 2 === 0) doc.rect(left, y, width, ROW).fill('#f3f7f3');
    const p = listed ? m.palletList[i - 1] : undefined;
    const cells = [
      String(i),
      p ? p.code : `${m.number}-${String(i).padStart(2, '0')}`,
      p?.boxes != null ? String(p.boxes) : l.boxesPerPallet !== null ? String(l.boxesPerPallet) : '—',
      p ? kg(p.netKg) : perPallet !== null ? `≈ ${kg(Math.round(perPallet * 100) / 100)}` : '—',
      ...(hasGross ? [p?.grossKg != null ? kg(p.grossKg) : '—'] : []),
      '',
      '',
    ];
    let x = left;
    doc.font('regular').fontSize(8.5).fillColor(INK);
    cols.forEach((c, j) => {
      if (c.key === 'dn.colChecked')
        doc
          .lineWidth(0.6)
          .strokeColor(LINE)
          .rect(x + 6, y + 4, 9, 9)
          .stroke();
      else doc.text(cells[j]!, x + 3, y + 4, { width: c.w - 6, align: c.align, lineBreak: false });
      x += c.w;
    });
    y += ROW;
  }
  rule(doc, left, y, width, { lineWidth: 0.6, color: LINE });
  y += 4;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(
      t(hasGross ? 'dn.totalGross' : 'dn.total', {
        pallets,
        boxes: listed
          ? m.palletList.every((x) => x.boxes !== null)
            ? t('dn.totalBoxes', { count: m.palletList.reduce((sum, x) => sum + x.boxes!, 0) })
            : ''
          : l.boxesPerPallet !== null
            ? t('dn.totalBoxes', { count: l.boxesPerPallet * pallets })
            : '',
        kg: shipped ? kg(shipped.netKg) : m.estimatedNetKg !== null ? kg(m.estimatedNetKg) : '—',
        gross: hasGross ? kg(Math.round(m.palletList.reduce((sum, x) => sum + (x.grossKg ?? x.netKg), 0) * 100) / 100) : '',
      }),
      left,
      y,
      { width, align: 'right' },
    );
  y = doc.y + 12;

  // Receipt: what Primeur recorded, or blanks for the dock to fill.
  const receiptH = 118;
  if (y + receiptH > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  section(t('dn.receipt'));
  const r = m.receipt;
  pairs([
    [t('dn.shipped'), shipped ? `${t('dn.palletsCount', { count: shipped.pallets })} · ${kg(shipped.netKg)}` : '—'],
    [t('dn.received'), r ? `${t('dn.palletsCount', { count: r.pallets })} · ${kg(r.netKg)}` : '…………………………'],
    [t('dn.receivedAt'), r ? `${formatDateTime(r.receivedAt, lng)}${r.automatic ? ` (${t('dn.automatic')})` : ''}` : '…………………………'],
    [t('dn.differences'), r ? r.differences || t('dn.noDifferences') : '…………………………'],
  ]);
  y += 8;
  const sigW = (width - 20) / 2;
  for (const [i, key] of ['dn.signCarrier', 'dn.signDock'].entries()) {
    const x = left + i * (sigW + 20);
    doc.lineWidth(0.6).strokeColor(LINE).rect(x, y, sigW, 48).stroke();
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(t(key), x + 4, y + 3, { width: sigW - 8 });
  }

  eachPage(doc, (page, pages) => {
    if (m.draft) draftMark(doc, t('draft'));
    const footer = t('dn.footer', { number: m.number, page, pages });
    doc
      .fillColor(GREY)
      .font('regular')
      .fontSize(7)
      .text(footer, left, doc.page.height - MARGIN + 6, { width, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}
