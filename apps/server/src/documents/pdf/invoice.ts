import { displayLocale, formatDay, formatDayRange, formatDecimal, formatEuro, type Language } from '@primeur/shared';
import { eachPage, GREEN, GREY, newDocument, rule } from './document.js';
import { documentText } from './i18n.js';

/**
 * Lays out an invoice or a credit note (A4, the buyer's language), in the look of the price list:
 * the green band and title, light boxes for the parties, a green table header repeated on every
 * page, "page n of N" footers. The model is computed elsewhere (trading/invoicing); this file only
 * draws it. The output becomes a PDF/A-3, so every font is embedded (DejaVu, which also prints every
 * European name) and nothing is transparent.
 */
export interface InvoicePdfParty {
  name: string;
  addressLines: string[];
  postalCode: string;
  city: string;
  country: string;
  vatId: string | null;
  registrationId: string | null;
  /** The label of the identifier: SIREN or SIRET for a French company, else the generic one. */
  registrationLabel: 'siren' | 'siret' | 'registrationId';
  /** Legal form, share capital, registry (BT-33), printed under the seller. */
  legalMention: string | null;
  contact: { name: string | null; phone: string | null; email: string | null } | null;
}

export interface InvoicePdfModel {
  language: Language;
  kind: 'INVOICE' | 'CREDIT_NOTE';
  /** COMMISSION: the operator's own invoice to a seller (decision 850): a period instead of a delivery, no billing mandate. */
  purpose: 'SALE' | 'COMMISSION';
  period: { start: string; end: string } | null;
  number: string;
  issueDate: string;
  precedingInvoice: { number: string; issueDate: string } | null;
  orderNumber: string | null;
  operatorName: string;
  seller: InvoicePdfParty;
  buyer: InvoicePdfParty;
  delivery: { date: string; name: string | null; addressLines: string[]; postalCode: string; city: string; country: string };
  incoterm: { code: string; place: string | null } | null;
  lines: Array<{
    article: string;
    origin: string | null;
    caliber: string | null;
    qualityClass: string | null;
    variety: string | null;
    packedOn: string | null;
    orderNumber: string | null;
    unit: 'KGM' | 'C62';
    quantityKg: number;
    unitPrice: number;
    ratePercent: number;
    netCents: number;
  }>;
  vat: { rule: 'DOMESTIC' | 'INTRA_COMMUNITY' | 'EXPORT' | 'REVERSE_CHARGE'; category: string; exemptionCode: string | null };
  breakdown: Array<{ ratePercent: number; category: string; taxableCents: number; vatCents: number }>;
  totals: { netCents: number; vatCents: number; grossCents: number; dueCents: number };
  payment: { termsText: string; dueDate: string; iban: string | null; bic: string | null };
  notes: string[];
}

const LIGHT = '#eef5ee';
const MARGIN = 40;
const FOOTER = 30;

interface Column {
  key: 'article' | 'quantity' | 'unitPrice' | 'vatRate' | 'net';
  width: number;
  align: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { key: 'article', width: 250, align: 'left' },
  { key: 'quantity', width: 75, align: 'right' },
  { key: 'unitPrice', width: 65, align: 'right' },
  { key: 'vatRate', width: 45, align: 'right' },
  { key: 'net', width: 80, align: 'right' },
];

/** "1 234,5 kg" in the reader's language. */
const kg = (n: number, lng: Language) => `${formatDecimal(n, lng, { maxDecimals: 3 })} kg`;
const percent = (n: number, lng: Language) => `${formatDecimal(n, lng, { maxDecimals: 2 })} %`;
const eur = (cents: number, lng: Language) => formatEuro(cents / 100, lng);
const pricePerKg = (n: number, lng: Language) => formatEuro(n, lng);

export async function renderInvoicePdf(model: InvoicePdfModel): Promise<{ pdf: Buffer; pages: number }> {
  const lng = model.language;
  const t = (key: string, vars?: Record<string, string | number>) => documentText('invoice', lng, key, vars);
  const countryName = (code: string) => new Intl.DisplayNames([displayLocale(lng)], { type: 'region' }).of(code) ?? code;
  const day = (d: string) => formatDay(d, lng, 'long');
  const commission = model.purpose === 'COMMISSION';
  const title = commission ? t('commissionInvoice') : model.kind === 'INVOICE' ? t('invoice') : t('creditNote');
  /** "Label: value", or "Label : value" in French. */
  const lv = (label: string, value: string) => t('labelValue', { label, value });

  const { doc, done } = newDocument({
    margin: MARGIN,
    options: { pdfVersion: '1.7', subset: 'PDF/A-3b', lang: lng, displayTitle: true },
    info: { Title: `${title} ${model.number}`, Author: model.seller.name, Subject: `${title} ${model.number} — ${model.buyer.name}` },
    fonts: ['regular', 'bold'],
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  const partyLines = (p: InvoicePdfParty) =>
    [
      ...p.addressLines,
      `${p.postalCode} ${p.city}`.trim(),
      countryName(p.country),
      p.vatId ? lv(t('vatId'), p.vatId) : '',
      p.registrationId ? lv(t(p.registrationLabel), p.registrationId) : '',
      p.legalMention ?? '',
      [p.contact?.name, p.contact?.phone, p.contact?.email].filter(Boolean).join(' · '),
    ].filter(Boolean);

  // Header: the seller on the left (the invoice is theirs), the document on the right.
  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  const headerRight = 200;
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(16)
    .text(model.seller.name, left, MARGIN + 14, { width: width - headerRight - 10 });
  doc.fillColor(GREY).font('regular').fontSize(8.5);
  for (const l of partyLines(model.seller)) doc.text(l, { width: width - headerRight - 10 });
  const sellerBottom = doc.y;

  const rx = left + width - headerRight;
  // A long title ("Facture de commission") is made smaller rather than wrapped onto the facts below it.
  let titleSize = 16;
  doc.font('bold').fontSize(titleSize);
  while (titleSize > 11 && doc.widthOfString(title) > headerRight) doc.fontSize(--titleSize);
  doc.fillColor('#000').text(title, rx, MARGIN + 14 + (16 - titleSize) / 2, { width: headerRight, align: 'right', lineBreak: false });
  doc.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [
    [t('number'), model.number],
    [t('issueDate'), day(model.issueDate)],
    ...(model.kind === 'INVOICE' ? ([[t('dueDate'), day(model.payment.dueDate)]] as Array<[string, string]>) : []),
    ...(model.orderNumber ? ([[t('order'), model.orderNumber]] as Array<[string, string]>) : []),
    ...(model.precedingInvoice
      ? ([[t('correctedInvoice'), `${model.precedingInvoice.number} · ${formatDay(model.precedingInvoice.issueDate, lng, 'medium')}`]] as Array<
          [string, string]
        >)
      : []),
  ];
  // One row per fact: the label on the left of the block, the value flush right, never overlapping.
  // A fact too long for one row ("Berichtigte Rechnung HUEALM-2026-00002 · 17.11.2026") puts its
  // label on a row of its own above the value, rather than breaking both into slivers.
  let fy = MARGIN + 38;
  for (const [k, v] of facts) {
    doc.font('bold').fontSize(9);
    const valueW = Math.min(headerRight, doc.widthOfString(v) + 2);
    const labelW = doc.font('regular').fontSize(8.5).widthOfString(k) + 2;
    const oneRow = labelW + 6 + valueW <= headerRight;
    doc.fillColor(GREY).text(k, rx, fy + 0.5, { width: oneRow ? headerRight - valueW - 6 : headerRight, align: 'right', lineBreak: false });
    if (!oneRow) fy += 12;
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(9)
      .text(v, rx + headerRight - valueW, fy, { width: valueW, align: 'right', lineBreak: false });
    fy += 13;
  }
  doc.y = fy;
  let y = Math.max(sellerBottom, doc.y) + 14;

  // Two boxes: who pays, where the goods went.
  const boxGap = 12;
  const boxW = (width - boxGap) / 2;
  const deliveryLines = commission
    ? [
        model.period ? formatDayRange(model.period.start, model.period.end, lng) : '',
        lv(t('deliveredOrders'), String(new Set(model.lines.map((l) => l.orderNumber)).size)),
      ].filter(Boolean)
    : [
        model.delivery.name ?? '',
        ...model.delivery.addressLines,
        `${model.delivery.postalCode} ${model.delivery.city}`.trim(),
        countryName(model.delivery.country),
        lv(t('deliveryDate'), day(model.delivery.date)),
        model.incoterm ? lv(t('incoterm'), [model.incoterm.code, model.incoterm.place].filter(Boolean).join(' ')) : '',
      ].filter(Boolean);
  const boxText = (heading: string, name: string | null, lines: string[], x: number, measure: boolean) => {
    let h = 8;
    if (!measure)
      doc
        .fillColor(GREEN)
        .font('bold')
        .fontSize(8)
        .text(heading.toUpperCase(), x + 10, y + h, { width: boxW - 20 });
    h += 12;
    if (name) {
      doc.font('bold').fontSize(10.5);
      if (!measure) doc.fillColor('#000').text(name, x + 10, y + h, { width: boxW - 20 });
      h += doc.heightOfString(name, { width: boxW - 20 }) + 2;
    }
    doc.font('regular').fontSize(8.5);
    for (const l of lines) {
      if (!measure) doc.fillColor('#000').text(l, x + 10, y + h, { width: boxW - 20 });
      h += doc.heightOfString(l, { width: boxW - 20 });
    }
    return h + 8;
  };
  const boxH = Math.max(boxText('', model.buyer.name, partyLines(model.buyer), left, true), boxText('', null, deliveryLines, left, true));
  doc.roundedRect(left, y, boxW, boxH, 4).fill(LIGHT);
  doc.roundedRect(left + boxW + boxGap, y, boxW, boxH, 4).fill(LIGHT);
  boxText(t('billTo'), model.buyer.name, partyLines(model.buyer), left, false);
  boxText(commission ? t('servicePeriod') : t('deliverTo'), null, deliveryLines, left + boxW + boxGap, false);
  y += boxH + 16;

  const header = (c: Column) =>
    c.key === 'quantity' ? t(commission ? 'quantity' : 'quantityKg') : c.key === 'unitPrice' ? t(commission ? 'unitPriceService' : 'unitPrice') : t(c.key);
  const drawHeader = () => {
    doc.font('bold').fontSize(8);
    const h = Math.max(...COLUMNS.map((c) => doc.heightOfString(header(c), { width: c.width - 8 }))) + 8;
    doc.rect(left, y, width, h).fill(GREEN);
    let x = left;
    doc.fillColor('#fff');
    for (const c of COLUMNS) {
      doc.text(header(c), x + 4, y + 4, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += h + 2;
  };
  const ensure = (height: number, withHeader: boolean) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = MARGIN;
    if (withHeader) drawHeader();
  };

  drawHeader();
  model.lines.forEach((line, i) => {
    const details = [
      line.origin ? lv(t('origin'), countryName(line.origin)) : '',
      line.caliber ? lv(t('caliber'), line.caliber) : '',
      line.qualityClass ? lv(t('qualityClass'), line.qualityClass) : '',
      line.variety ? lv(t('variety'), line.variety) : '',
      line.packedOn ? lv(t('packedOn'), formatDay(line.packedOn, lng)) : '',
      line.orderNumber ? lv(t('order'), line.orderNumber) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    const artW = COLUMNS[0]!.width - 8;
    const nameH = doc.font('bold').fontSize(9).heightOfString(line.article, { width: artW });
    const detailH = details ? doc.font('regular').fontSize(7.5).heightOfString(details, { width: artW }) : 0;
    const h = Math.max(18, nameH + detailH + 9);
    ensure(h, true);
    if (i % 2 === 1) doc.rect(left, y, width, h).fill('#f7f7f7');
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(9)
      .text(line.article, left + 4, y + 4, { width: artW });
    if (details)
      doc
        .fillColor(GREY)
        .font('regular')
        .fontSize(7.5)
        .text(details, left + 4, y + 4 + nameH, { width: artW });
    const cells: Record<Exclude<Column['key'], 'article'>, string> = {
      quantity: line.unit === 'KGM' ? kg(line.quantityKg, lng) : formatDecimal(line.quantityKg, lng, { maxDecimals: 3 }),
      unitPrice: pricePerKg(line.unitPrice, lng),
      vatRate: percent(line.ratePercent, lng),
      net: eur(line.netCents, lng),
    };
    let x = left + COLUMNS[0]!.width;
    for (const c of COLUMNS.slice(1)) {
      doc
        .fillColor('#000')
        .font(c.key === 'net' ? 'bold' : 'regular')
        .fontSize(9)
        .text(cells[c.key as keyof typeof cells], x + 4, y + 4, { width: c.width - 8, align: c.align });
      x += c.width;
    }
    y += h;
  });
  rule(doc, left, y, width);
  y += 10;

  // VAT breakdown on the left, totals on the right.
  const exemptions: Record<string, string> = {
    'VATEX-EU-IC': t('exemptIntraCommunity'),
    'VATEX-EU-G': t('exemptExport'),
    'VATEX-EU-AE': t('exemptReverseCharge'),
  };
  const exemption = model.vat.exemptionCode ? (exemptions[model.vat.exemptionCode] ?? null) : null;
  const totalsW = 220;
  const breakdownW = width - totalsW - 20;
  doc.font('regular').fontSize(8);
  const exemptionH = exemption ? doc.heightOfString(exemption, { width: breakdownW }) + 4 : 0;
  ensure(16 * (model.breakdown.length + 1) + exemptionH + 70, false);
  const top = y;
  doc.fillColor(GREEN).font('bold').fontSize(8).text(t('vatBreakdown').toUpperCase(), left, y, { width: breakdownW });
  y += 13;
  const bCols = [breakdownW * 0.24, breakdownW * 0.4, breakdownW * 0.36];
  const bRow = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8);
    // A long label (German "Bemessungsgrundlage") takes two lines; the row grows with it.
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: bCols[i]! - 4 })));
    let x = left;
    cells.forEach((c, i) => {
      doc
        .fillColor('#000')
        .font(font)
        .fontSize(8)
        .text(c, x, y, { width: bCols[i]! - 4, align: i === 0 ? 'left' : 'right' });
      x += bCols[i]!;
    });
    y += h + 3;
  };
  bRow([t('vatRate'), t('taxable'), t('vatAmount')], 'bold');
  for (const b of model.breakdown) bRow([`${b.category} · ${percent(b.ratePercent, lng)}`, eur(b.taxableCents, lng), eur(b.vatCents, lng)], 'regular');
  if (exemption) {
    doc
      .fillColor(GREY)
      .font('regular')
      .fontSize(8)
      .text(exemption, left, y + 2, { width: breakdownW });
    y += exemptionH;
  }
  const leftBottom = y;

  y = top;
  const tx = left + width - totalsW;
  const totalRow = (label: string, value: string, strong = false) => {
    if (strong) doc.rect(tx, y - 3, totalsW, 20).fill(GREEN);
    doc
      .fillColor(strong ? '#fff' : '#000')
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 9)
      .text(label, tx + 6, y + (strong ? 1 : 0), { width: totalsW * 0.55 })
      .text(value, tx + totalsW * 0.45, y + (strong ? 1 : 0), { width: totalsW * 0.55 - 6, align: 'right' });
    y += strong ? 22 : 15;
  };
  totalRow(t('totalNet'), eur(model.totals.netCents, lng));
  totalRow(t('totalVat'), eur(model.totals.vatCents, lng));
  totalRow(t('totalGross'), eur(model.totals.grossCents, lng));
  totalRow(model.kind === 'INVOICE' ? t('amountDue') : t('amountCredited'), eur(model.totals.dueCents, lng), true);
  y = Math.max(y, leftBottom) + 12;

  // Payment and the mentions the law asks for.
  const paragraphs: Array<[string, 'bold' | 'regular']> = [];
  paragraphs.push([t('payment'), 'bold']);
  paragraphs.push([model.payment.termsText, 'regular']);
  if (model.kind === 'INVOICE') {
    paragraphs.push([lv(t('dueDate'), day(model.payment.dueDate)), 'regular']);
    paragraphs.push([
      model.payment.iban
        ? `${t('sepaTransfer')} — IBAN ${model.payment.iban.replace(/(.{4})/g, '$1 ').trim()}${model.payment.bic ? ` · BIC ${model.payment.bic}` : ''} · ${lv(t('reference'), model.number)}`
        : t('bankDetailsOnRequest'),
      'regular',
    ]);
    paragraphs.push([t('latePayment'), 'regular']);
  }
  if (model.incoterm) paragraphs.push([t('incotermNote', { incoterm: [model.incoterm.code, model.incoterm.place].filter(Boolean).join(' ') }), 'regular']);
  for (const n of model.notes) paragraphs.push([n, 'regular']);
  if (!commission) paragraphs.push([t('mandate', { operator: model.operatorName, seller: model.seller.name }), 'regular']);
  paragraphs.push([t('facturx'), 'regular']);
  for (const [text, font] of paragraphs) {
    doc.font(font).fontSize(8);
    const h = doc.heightOfString(text, { width }) + 3;
    ensure(h, false);
    doc
      .fillColor(font === 'bold' ? GREEN : GREY)
      .font(font)
      .fontSize(8)
      .text(text, left, y, { width });
    y += h;
  }

  const pages = eachPage(doc, (page, count) => {
    const footerY = doc.page.height - MARGIN - 12;
    doc.fillColor(GREY).font('regular').fontSize(7.5);
    doc.text(`${model.seller.name} — ${title} ${model.number}`, left, footerY, { width: (width * 2) / 3, lineBreak: false, height: 10 });
    doc.text(t('page', { page, pages: count }), left + (width * 2) / 3, footerY, { width: width / 3, align: 'right', lineBreak: false, height: 10 });
  });
  doc.end();
  return { pdf: await done, pages };
}
