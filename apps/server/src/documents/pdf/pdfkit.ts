import type PDFKitDocument from 'pdfkit';
import { lazyRequire } from '../../lib/lazy-require.js';

const load = lazyRequire<typeof PDFKitDocument>('pdfkit');

/** pdfkit's PDFDocument, loaded with the first document made rather than at start (decision 843). */
const PDFDocument = function (options?: PDFKit.PDFDocumentOptions) {
  const Doc = load();
  return new Doc(options);
} as unknown as typeof PDFKitDocument;

export default PDFDocument;
