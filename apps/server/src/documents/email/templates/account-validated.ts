import type { Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

export interface AccountValidatedMail {
  language: Language;
  company: string;
  email: string;
}

/** The message registration promises: the operator has validated the account, the company can sign in. */
export function renderAccountValidated(m: AccountValidatedMail): RenderedMail {
  const lng = m.language;
  const greeting = t(lng, 'accountGreeting', { company: m.company });
  const body = t(lng, 'accountValidatedBody', { email: m.email });
  const signature = t(lng, 'signature');
  const subject = headerSafe(t(lng, 'accountValidatedSubject'));
  const text = [greeting, '', body, '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
