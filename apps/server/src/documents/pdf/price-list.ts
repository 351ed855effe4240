import { formatDay, type Language } from '@primeur/shared';
import { eachPage, GREEN, GREY, newDocument, rule, tableHeader } from './document.js';
import { pdfText } from './i18n.js';

/**
 * Renders a client price list (A4, the client's language). The model is computed elsewhere; this
 * file only lays it out: operator header, client block, then a table grouped by family and
 * article whose header row is drawn again at the top of every page, and "page n of N" footers.
 * DejaVu Sans is embedded so every European name prints (Ł, ő, ñ…), which the 14 standard PDF
 * fonts cannot do.
 */
export interface PriceListLine {
  origin: string | null;
  caliber: string;
  boxPackaging: string;
  /** "0,5 kg × 20", or '' when unknown. */
  weightPieces: string;
  priceKg: number | null;
  priceBox: number | null;
}

export interface PriceListModel {
  language: Language;
  operator: { name: string; address: string; contact: string };
  client: { company: string; ict: 'FOB' | 'CIF'; carrier: string | null; discount: number };
  date: Date;
  validUntil: Date;
  families: Array<{ family: 'fruits' | 'legumes'; articles: Array<{ name: string; lines: PriceListLine[] }> }>;
  transportMissing: boolean;
}

const LIGHT = '#eef5ee';
const MARGIN = 40;
const FOOTER = 30;
const ROW = 16;

/** The weight and both price columns, where a line without offer says so. */
const NOTE_WIDTH = 64 + 48 + 49;

/** Spec §9: line prices with 2 decimals and a decimal comma. */
export const euro = (v: number) => `${v.toFixed(2).replace('.', ',')} €`;

interface Column {
  key: 'article' | 'origin' | 'caliber' | 'boxPackaging' | 'weightPieces' | 'perKg' | 'perBox';
  width: number;
  align: 'left' | 'right';
}
const COLUMNS: Column[] = [
  { key: 'article', width: 118, align: 'left' },
  { key: 'origin', width: 70, align: 'left' },
  { key: 'caliber', width: 48, align: 'left' },
  { key: 'boxPackaging', width: 118, align: 'left' },
  { key: 'weightPieces', width: 64, align: 'left' },
  { key: 'perKg', width: 48, align: 'right' },
  { key: 'perBox', width: 49, align: 'right' },
];

export async function renderPriceList(model: PriceListModel): Promise<{ pdf: Buffer; pages: number }> {
  const lng = model.language;
  const t = (key: string, vars?: Record<string, string | number>) => pdfText(lng, key, vars);
  const { doc, done } = newDocument({
    margin: MARGIN,
    info: { Title: `${t('title')} — ${model.client.company}`, Author: model.operator.name, Subject: t('title') },
    fonts: ['regular', 'bold', 'italic'],
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER;

  // Header: the operator on the left, the document on the right.
  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(20)
    .text(model.operator.name, left, MARGIN + 14);
  doc.fillColor(GREY).font('regular').fontSize(9).text(t('tagline'), left).text(model.operator.address).text(model.operator.contact);
  doc
    .fillColor('#000')
    .font('bold')
    .fontSize(16)
    .text(t('title'), left, MARGIN + 14, { width, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .text(`${t('date')}: ${formatDay(model.date, lng, 'long')}`, left, MARGIN + 36, { width, align: 'right' })
    .text(`${t('validUntil')}: ${formatDay(model.validUntil, lng, 'long')}`, { width, align: 'right' });

  // Client block.
  let y = MARGIN + 84;
  doc.roundedRect(left, y, width, 46, 4).fill(LIGHT);
  const incoterm = model.client.ict === 'FOB' ? t('fob') : model.client.carrier ? t('cifDelivered', { carrier: model.client.carrier }) : t('cifNoCarrier');
  doc
    .fillColor('#000')
    .font('bold')
    .fontSize(12)
    .text(`${t('client')}: ${model.client.company}`, left + 10, y + 8, { width: width - 20 });
  doc
    .font('regular')
    .fontSize(9)
    .text(
      `${t('incoterm')}: ${incoterm}${model.client.discount ? `   ·   ${t('discount')}: ${String(model.client.discount).replace('.', ',')} %` : ''}`,
      left + 10,
      y + 27,
      { width: width - 20 },
    );
  y += 62;

  const drawHeader = () => {
    // Long labels (German "Gewicht × Stück") take two lines rather than running into the next column.
    y +=
      tableHeader(
        doc,
        COLUMNS.map((c) => ({ label: t(c.key), width: c.width, align: c.align })),
        { left, y, width },
        4,
      ) + 2;
  };
  /** Starts a new page when `height` does not fit, with the table header again; true when it did. */
  const ensure = (height: number) => {
    if (y + height <= bottom()) return false;
    doc.addPage();
    y = MARGIN;
    drawHeader();
    return true;
  };
  const cell = (text: string, x: number, c: Column, font = 'regular') => {
    doc
      .font(font)
      .fontSize(8)
      .fillColor('#000')
      .text(text, x + 3, y + 4, { width: c.width - 6, align: c.align });
  };
  /** A row is as tall as its longest wrapped cell (box names can take two or three lines). */
  const rowHeight = (texts: Array<[string, Column, string]>) => {
    let h = 0;
    for (const [text, c, font] of texts)
      h = Math.max(
        h,
        doc
          .font(font)
          .fontSize(8)
          .heightOfString(text || ' ', { width: c.width - 6 }),
      );
    return Math.max(ROW, Math.ceil(h) + 7);
  };
  const col = (key: Column['key']) => COLUMNS.find((c) => c.key === key)!;

  const total = model.families.reduce((n, f) => n + f.articles.length, 0);
  if (total === 0) {
    doc.fillColor(GREY).font('italic').fontSize(10).text(t('empty'), left, y);
  } else {
    drawHeader();
    for (const family of model.families) {
      ensure(ROW * 3);
      doc
        .fillColor(GREEN)
        .font('bold')
        .fontSize(10)
        .text(t(`families.${family.family}`), left + 3, y + 3, { width, lineBreak: false });
      y += ROW + 2;
      for (const article of family.articles) {
        article.lines.forEach((line, i) => {
          const texts = (name: string): Array<[string, Column, string]> => [
            [name, col('article'), 'bold'],
            [line.boxPackaging || t('anyVariant'), col('boxPackaging'), 'regular'],
            [line.origin ?? t('anyVariant'), col('origin'), 'regular'],
            ...(line.priceKg === null
              ? ([[t('noOffer'), { key: 'weightPieces', width: NOTE_WIDTH, align: 'right' }, 'italic']] as Array<[string, Column, string]>)
              : []),
          ];
          let h = rowHeight(texts(i === 0 ? article.name : `${article.name} (${t('continued')})`));
          const newPage = ensure(h);
          // On a new page the article is named again, so no row is left without its product.
          const name = i === 0 ? article.name : newPage ? `${article.name} (${t('continued')})` : '';
          h = rowHeight(texts(name));
          if (i % 2 === 1) doc.rect(left, y, width, h).fill('#f7f7f7');
          let x = left;
          for (const c of COLUMNS) {
            if (c.key === 'article') cell(name, x, c, 'bold');
            else if (c.key === 'origin') cell(line.origin ?? t('anyVariant'), x, c);
            else if (c.key === 'caliber') cell(line.caliber || t('anyVariant'), x, c);
            else if (c.key === 'boxPackaging') cell(line.boxPackaging || t('anyVariant'), x, c);
            else if (c.key === 'weightPieces' && line.priceKg === null) {
              // No offer: one note across the weight and both price columns instead of empty prices.
              doc
                .font('italic')
                .fontSize(7)
                .fillColor('#b71c1c')
                .text(t('noOffer'), x + 3, y + 4, { width: NOTE_WIDTH - 6, align: 'right' });
            } else if (c.key === 'weightPieces') cell(line.weightPieces || '—', x, c);
            else if (c.key === 'perKg' && line.priceKg !== null) cell(euro(line.priceKg), x, c, 'bold');
            else if (c.key === 'perBox' && line.priceKg !== null) cell(line.priceBox === null ? '—' : euro(line.priceBox), x, c);
            x += c.width;
          }
          y += h;
        });
        rule(doc, left, y, width, { lineWidth: 0.3 });
      }
      y += 6;
    }
  }

  const notes = [
    t('notes'),
    model.client.ict === 'CIF' && !model.transportMissing ? t('transportIncluded') : '',
    model.transportMissing ? t('transportMissing') : '',
  ]
    .filter(Boolean)
    .join(' ');
  ensure(40);
  doc
    .fillColor(GREY)
    .font('regular')
    .fontSize(7.5)
    .text(notes, left, y + 6, { width });

  const pages = eachPage(doc, (page, count) => {
    const footerY = doc.page.height - MARGIN - 12;
    doc.fillColor(GREY).font('regular').fontSize(7.5);
    doc.text(`${model.operator.name} — ${t('title')} ${model.client.company}`, left, footerY, { width: width / 2, lineBreak: false, height: 10 });
    doc.text(t('page', { page, pages: count }), left + width / 2, footerY, { width: width / 2, align: 'right', lineBreak: false, height: 10 });
  });
  doc.end();
  return { pdf: await done, pages };
}
