import { formatDay, formatDecimal, formatEuro, type Language, type OrderSource } from '@primeur/shared';
import { t as text } from '../email/i18n.js';
import { countryName, eachPage, GREEN, GREY, newDocument, sectionTitle } from './document.js';
import { OPERATOR } from './operator.js';

/** What the sale confirmation prints: the order's snapshot, identical for both parties (issue 21). */
export interface OrderConfirmationModel {
  number: string;
  source: OrderSource;
  createdAt: Date;
  lot: {
    article: { en: string; fr: string; de: string; es: string };
    title: string;
    caliber: string;
    originAlpha2: string;
    originName: string;
    packaging: string;
    netKgPerPallet: number | null;
    boxesPerPallet: number | null;
    netKgPerBox: number | null;
    qualityClass: string | null;
    /** The lot's variety and packing day (issue 25); absent on orders made before they were asked. */
    variety?: string | null;
    packedOn?: string | null;
  };
  pallets: number;
  estimatedNetKg: number | null;
  pricePerKg: number;
  amount: number | null;
  incoterm: string;
  incotermPlace: string;
  seller: Party;
  buyer: Party;
  deliveryAddress: { address: string; postalCode: string; city: string; countryAlpha2: string };
  requestedDeliveryDate: string | null;
}

interface Party {
  companyName: string;
  address: string;
  postalCode: string;
  city: string;
  countryAlpha2: string;
  countryName: string;
  vatId: string;
  email: string;
}

const MARGIN = 48;

/** The sale confirmation in `lng`: A4, one page, DejaVu Sans so every European name prints. */
export async function renderOrderConfirmation(model: OrderConfirmationModel, lng: Language): Promise<Buffer> {
  const t = (key: string, vars?: Record<string, string | number>) => text(lng, `pdf.${key}`, vars, 'orderDocs');
  const kg = (v: number | null) => (v === null ? t('unknown') : t('kg', { kg: formatDecimal(v, lng, { maxDecimals: 2 }) }));
  const { doc, done } = newDocument({
    margin: MARGIN,
    info: { Title: `${t('title')} ${model.number}`, Author: OPERATOR.name, Subject: t('title') },
    fonts: ['regular', 'bold'],
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(18)
    .text(OPERATOR.name, left, MARGIN + 14);
  doc.fillColor(GREY).font('regular').fontSize(8).text(OPERATOR.address).text(OPERATOR.contact);
  doc
    .fillColor('#000')
    .font('bold')
    .fontSize(16)
    .text(t('title'), left, MARGIN + 14, { width, align: 'right' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`${t('number')} ${model.number}`, { width, align: 'right' })
    .text(`${t('date')}: ${formatDay(model.createdAt.toISOString(), lng)}`, { width, align: 'right' })
    .fillColor(GREY)
    .fontSize(8)
    .text(t(`source.${model.source}`), { width, align: 'right' });

  // The two parties side by side.
  let y = MARGIN + 90;
  const colW = (width - 20) / 2;
  const party = (title: string, p: Party, x: number) => {
    doc.fillColor(GREEN).font('bold').fontSize(10).text(title.toUpperCase(), x, y, { width: colW });
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(10)
      .text(p.companyName, { width: colW })
      .font('regular')
      .fontSize(9)
      .text(p.address, { width: colW })
      .text(`${p.postalCode} ${p.city}`.trim(), { width: colW })
      .text(countryName(p.countryAlpha2, p.countryName, lng), { width: colW })
      .text(`${t('vat')}: ${p.vatId || '—'}`, { width: colW })
      .text(`${t('email')}: ${p.email}`, { width: colW });
    return doc.y;
  };
  y = Math.max(party(t('seller'), model.seller, left), party(t('buyer'), model.buyer, left + colW + 20)) + 18;

  // The goods: one label/value table.
  const section = (title: string) => {
    y = sectionTitle(doc, title, { left, y, width }, { size: 11, above: 6, below: 6 });
  };
  const row = (label: string, value: string, bold = false) => {
    doc.fillColor(GREY).font('regular').fontSize(9).text(label, left, y, { width: 170 });
    doc
      .fillColor('#000')
      .font(bold ? 'bold' : 'regular')
      .fontSize(bold ? 11 : 9)
      .text(value, left + 180, y, { width: width - 180 });
    y = Math.max(doc.y, y + 14) + 3;
  };
  const l = model.lot;
  section(t('goods'));
  row(t('article'), l.article[lng] || l.article.en);
  row(t('lotTitle'), l.title);
  if (l.caliber) row(t('caliber'), l.caliber);
  row(t('origin'), countryName(l.originAlpha2, l.originName, lng));
  row(t('packaging'), l.packaging);
  if (l.qualityClass) row(t('qualityClass'), l.qualityClass);
  // EU marketing standard (Regulation 2023/2429 art. 6(4)): what the lot is, on every document of the sale.
  if (l.variety) row(t('variety'), l.variety);
  if (l.packedOn) row(t('packedOn'), formatDay(l.packedOn, lng));
  row(t('pallets'), String(model.pallets));
  row(t('netKgPerPallet'), kg(l.netKgPerPallet));
  if (l.boxesPerPallet !== null) row(t('boxes'), String(l.boxesPerPallet));
  if (l.netKgPerBox !== null) row(t('netKgPerBox'), kg(l.netKgPerBox));
  row(t('estimatedNetKg'), kg(model.estimatedNetKg));
  row(t('pricePerKg'), formatEuro(model.pricePerKg, lng, { perKg: true }));
  row(t('amount'), model.amount === null ? t('unknown') : formatEuro(model.amount, lng), true);

  y += 6;
  section(t('terms'));
  row(t('incoterm'), `${model.incoterm} ${model.incotermPlace}`.trim());
  const d = model.deliveryAddress;
  row(t('deliveryAddress'), [d.address, `${d.postalCode} ${d.city}`.trim(), countryName(d.countryAlpha2, d.countryAlpha2, lng)].filter(Boolean).join(', '));
  row(t('requestedDeliveryDate'), model.requestedDeliveryDate ? formatDay(model.requestedDeliveryDate, lng) : t('notSet'));

  y += 10;
  doc.fillColor(GREY).font('regular').fontSize(8).text(t('notes'), left, y, { width });

  eachPage(doc, (page, pages) => {
    const footer = t('footer', { page, pages });
    doc
      .fillColor(GREY)
      .font('regular')
      .fontSize(7)
      .text(footer, left, doc.page.height - MARGIN + 10, { width, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}
