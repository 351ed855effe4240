import { formatDay, formatEuro, type Language, type Statement } from '@primeur/shared';
import { eachPage, GREEN, GREY, newDocument, rule, tableHeader } from './document.js';
import { documentText } from './i18n.js';

const MARGIN = 40;
const ROW = 16;
const INK = '#222222';

type ColumnKey = 'date' | 'type' | 'number' | 'reference' | 'debit' | 'credit' | 'balance';
const COLUMNS: Array<{ key: ColumnKey; width: number; align: 'left' | 'right' }> = [
  { key: 'date', width: 62, align: 'left' },
  { key: 'type', width: 95, align: 'left' },
  { key: 'number', width: 85, align: 'left' },
  { key: 'reference', width: 78, align: 'left' },
  { key: 'debit', width: 65, align: 'right' },
  { key: 'credit', width: 65, align: 'right' },
  { key: 'balance', width: 65, align: 'right' },
];

/**
 * A statement of account (decision 965) in the reader's language: the two companies, the period,
 * the opening balance, one line per invoice, credit note, payment and refund with the running
 * balance, the totals and the closing balance in words. The table header repeats on every page.
 */
export async function renderStatementPdf(s: Statement, lng: Language): Promise<Buffer> {
  const t = (key: string, vars: Record<string, string | number> = {}) => documentText('statement', lng, key, vars);
  const { doc, done } = newDocument({
    margin: MARGIN,
    info: { Title: `${t('title')} ${s.company.name} / ${s.counterparty.name}`, Author: 'Primeur', Creator: 'Primeur' },
    fonts: ['regular', 'bold', 'condensed'],
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  const eur = (n: number | null) => (n === null ? '' : formatEuro(n, lng));
  const names = { company: s.company.name, counterparty: s.counterparty.name };

  doc.rect(left, MARGIN, width, 4).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(18)
    .text(t('title'), left, MARGIN + 12);
  doc.fillColor(INK).font('regular').fontSize(10).text(t('between', names), { width });
  const period = `${s.from ? formatDay(s.from, lng, 'long') : t('allHistory')} – ${formatDay(s.to, lng, 'long')}`;
  doc
    .fillColor(GREY)
    .fontSize(8.5)
    .text(`${t('period')}: ${period}`);

  // The two parties side by side.
  let y = doc.y + 10;
  const colW = (width - 20) / 2;
  const party = (title: string, p: Statement['company'], i: number) => {
    const x = left + i * (colW + 20);
    doc.fillColor(GREEN).font('bold').fontSize(8).text(title.toUpperCase(), x, y, { width: colW });
    doc.fillColor(INK).font('bold').fontSize(9.5).text(p.name, { width: colW });
    doc.font('regular').fontSize(8.5);
    if (p.country) doc.text(p.country, { width: colW });
    if (p.vatId) doc.text(`${t('vat')} ${p.vatId}`, { width: colW });
    return doc.y;
  };
  y = Math.max(party(t('company'), s.company, 0), party(t('counterparty'), s.counterparty, 1)) + 14;

  const header = () => {
    y += tableHeader(
      doc,
      COLUMNS.map((c) => ({ label: t(`col.${c.key}`), width: c.width, align: c.align })),
      { left, y, width },
      4,
    );
  };
  const line = (cells: Record<ColumnKey, string>, { bold = false, shade = false } = {}) => {
    if (y + ROW > bottom()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (shade) doc.rect(left, y, width, ROW).fill('#f3f7f3');
    let x = left;
    doc
      .font(bold ? 'bold' : 'condensed')
      .fontSize(8)
      .fillColor(INK);
    for (const c of COLUMNS) {
      doc.text(cells[c.key], x + 3, y + 4, { width: c.width - 6, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    }
    y += ROW;
  };
  const blank: Record<ColumnKey, string> = { date: '', type: '', number: '', reference: '', debit: '', credit: '', balance: '' };

  header();
  line({ ...blank, date: s.from ? formatDay(s.from, lng) : '', type: t('opening'), balance: eur(s.openingBalance) }, { bold: true });
  s.entries.forEach((e, i) => {
    line(
      {
        date: formatDay(e.date, lng),
        type: t(`entry.${e.type}.${e.direction}`),
        number: e.number,
        reference: e.reference,
        debit: eur(e.debit),
        credit: eur(e.credit),
        balance: eur(e.balance),
      },
      { shade: i % 2 === 1 },
    );
  });
  if (!s.entries.length) line({ ...blank, type: t('noEntries') });
  rule(doc, left, y, width, { lineWidth: 0.6, color: '#999999' });
  line({ ...blank, type: t('totals'), debit: eur(s.totalDebit), credit: eur(s.totalCredit) }, { bold: true });
  line({ ...blank, date: formatDay(s.to, lng), type: t('closing'), balance: eur(s.closingBalance) }, { bold: true });

  y += 10;
  if (y + 60 > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  const owed = Math.abs(s.closingBalance);
  const sentence =
    s.closingBalance > 0
      ? t('owedToCompany', { ...names, amount: eur(owed) })
      : s.closingBalance < 0
        ? t('owedByCompany', { ...names, amount: eur(owed) })
        : t('settled');
  doc.fillColor(INK).font('bold').fontSize(10).text(sentence, left, y, { width });
  doc
    .moveDown(0.5)
    .fillColor(GREY)
    .font('regular')
    .fontSize(7.5)
    .text(t('explain', names), { width })
    .text(t('generated', { date: formatDay(s.generatedAt.slice(0, 10), lng, 'long') }), { width });

  eachPage(doc, (page, pages) => {
    doc
      .fillColor(GREY)
      .font('regular')
      .fontSize(7)
      .text(t('footer', { ...names, page, pages }), left, doc.page.height - MARGIN + 6, { width, align: 'center', lineBreak: false });
  });
  doc.end();
  return done;
}
