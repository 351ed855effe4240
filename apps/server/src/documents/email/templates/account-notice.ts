import type { Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

/** A short notice to an account's company: greeting, one paragraph, signature (text and HTML). */
export function renderAccountNotice(lng: Language, company: string, subjectKey: string, bodyKey: string, values: Record<string, string>): RenderedMail {
  const greeting = t(lng, 'accountGreeting', { company });
  const body = t(lng, bodyKey, values);
  const signature = t(lng, 'signature');
  const subject = headerSafe(t(lng, subjectKey));
  const text = [greeting, '', body, '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
