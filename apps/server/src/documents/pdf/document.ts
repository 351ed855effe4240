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
