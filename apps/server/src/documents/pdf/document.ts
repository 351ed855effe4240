import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '@primeur/shared';
import PDFDocument from './pdfkit.js';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The DejaVu faces every document may use, by the name it gives them (every European accent prints). */
const FONTS = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  'condensed-bold': 'DejaVuSansCondensed-Bold.ttf',
} as const;

export const GREEN = '#2e7d32';
export const GREY = '#555555';

interface NewDocument {
  margin: number;
  info: PDFKit.DocumentInfo;
  /** More options of pdfkit (the invoice's PDF/A-3b). */
  options?: Partial<PDFKit.PDFDocumentOptions>;
  /** The faces the document uses. */
  fonts: ReadonlyArray<keyof typeof FONTS>;
}

/** An A4 document with its faces registered, its pages kept for the footers, and the bytes collected. */
export function newDocument({ margin, info, options, fonts }: NewDocument) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    bufferPages: true,
    ...options,
    info,
  });
  for (const name of fonts) doc.registerFont(name, path.join(FONT_DIR, FONTS[name]));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Goes back over every page once the content is written (for "page n of m" footers), the page's
 * bottom margin lifted: the footer sits in it, and pdfkit would otherwise open a page for it.
 */
export function eachPage(doc: PDFKit.PDFDocument, write: (page: number, pages: number) => void) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    write(i + 1, range.count);
  }
  return range.count;
}

/** A country's name in the reader's language (the snapshot keeps the English one as a fallback). */
export function countryName(alpha2: string, fallback: string, lng: Language) {
  if (!alpha2) return fallback;
  try {
    return new Intl.DisplayNames([lng], { type: 'region' }).of(alpha2) ?? fallback;
  } catch {
    return fallback;
  }
}

/** A thin line across the text width at `y` (under a table, above a section). */
export function rule(doc: PDFKit.PDFDocument, left: number, y: number, width: number, { lineWidth = 0.5, color = '#cccccc' } = {}) {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(lineWidth)
    .strokeColor(color)
    .stroke();
}

/** A section's title in green under a rule, `above` below the rule; answers where the section's content starts, `below` under the title. */
export function sectionTitle(
  doc: PDFKit.PDFDocument,
  title: string,
  at: { left: number; y: number; width: number },
  { size, above, below }: { size: number; above: number; below: number },
) {
  rule(doc, at.left, at.y, at.width);
  doc
    .fillColor(GREEN)
    .font('bold')
    .fontSize(size)
    .text(title, at.left, at.y + above);
  return doc.y + below;
}

/**
 * A table's header row: white bold labels on green, each in its column, as tall as the longest
 * label needs (a long German label takes two lines rather than running into the next column).
 * Answers the row's height.
 */
export function tableHeader(
  doc: PDFKit.PDFDocument,
  columns: ReadonlyArray<{ label: string; width: number; align: 'left' | 'right' | 'center' }>,
  at: { left: number; y: number; width: number },
  pad: number,
) {
  doc.font('bold').fontSize(7.5);
  const h = Math.max(...columns.map((c) => doc.heightOfString(c.label, { width: c.width - 6 }))) + 2 * pad;
  doc.rect(at.left, at.y, at.width, h).fill(GREEN);
  let x = at.left;
  doc.fillColor('#fff');
  for (const c of columns) {
    doc.text(c.label, x + 3, at.y + pad, { width: c.width - 6, align: c.align });
    x += c.width;
  }
  return h;
}
