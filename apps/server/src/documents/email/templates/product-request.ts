import { formatDay, type Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';

export interface ProductRequestMail {
  language: Language;
  contactName: string;
  company: string;
  /** The article's name in the recipient's language. */
  product: string;
  packaging: string | null;
  box: string | null;
  caliber: string;
  volume: number;
  startDate: string;
  endDate: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const date = (lng: Language, iso: string) => formatDay(iso, lng, 'long');

/** The request a supplier receives: the same lines in plain text and in HTML (every value escaped). */
export function renderProductRequest(m: ProductRequestMail): RenderedMail {
  const lng = m.language;
  const lines: Array<[string, string]> = [
    [t(lng, 'product'), m.product],
    ...(m.packaging ? [[t(lng, 'packaging'), m.packaging] as [string, string]] : []),
    ...(m.box ? [[t(lng, 'box'), m.box] as [string, string]] : []),
    [t(lng, 'caliber'), m.caliber],
    [t(lng, 'volume'), t(lng, 'pallets', { count: m.volume })],
    [t(lng, 'period'), t(lng, 'fromTo', { start: date(lng, m.startDate), end: date(lng, m.endDate) })],
  ];
  const greeting = t(lng, 'greeting', { name: m.contactName });
  const intro = t(lng, 'requestIntro', { company: m.company });
  const ask = t(lng, 'requestAsk');
  const signature = t(lng, 'signature');
  const subject = headerSafe(t(lng, 'requestSubject', { product: m.product, caliber: m.caliber }));
  const text = [greeting, '', intro, '', ...lines.map(([k, v]) => `- ${k}: ${v}`), '', ask, '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<table cellpadding="4" style="border-collapse:collapse">
${lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(ask)}</p>
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
