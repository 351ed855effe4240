import type { Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

/** The reminder a buyer gets on an unpaid invoice's due date (issue 23 §6), in the invoice's language. */
export interface InvoiceReminderMail {
  language: Language;
  company: string;
  number: string;
  seller: string;
  order: string;
  /** Already formatted in the language. */
  total: string;
  dueDate: string;
  url?: string;
}

export function renderInvoiceReminder(m: InvoiceReminderMail): RenderedMail {
  const tt = (key: string, vars: Record<string, string | number> = {}) => t(m.language, `reminder.${key}`, vars, 'invoice');
  const vars = { number: m.number, seller: m.seller, order: m.order, total: m.total, dueDate: m.dueDate };
  const greeting = tt('greeting', { company: m.company });
  const body = tt('body', vars);
  const signature = tt('signature');
  const text = [greeting, '', body, ...(m.url ? ['', tt('link', { url: m.url })] : []), '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${m.language}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${m.url ? `<p><a href="${escapeHtml(m.url)}">${escapeHtml(tt('open'))}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject: headerSafe(tt('subject', { number: m.number })), text, html };
}
