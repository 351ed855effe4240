import { formatEuro, type ClaimReason, type ClaimStep, type Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

/** One claim e-mail (issue 22): each step to both parties, each in its language. */
export interface ClaimMail {
  language: Language;
  /** The recipient's company (greeting). */
  company: string;
  step: ClaimStep;
  /** accepted: whether the buyer accepted a proposal or a rejection (the seller's accept has neither). */
  acceptedWhat?: 'proposal' | 'rejection';
  number: string;
  lot: string;
  /** Who took the step: a company name, or null for the operator. */
  who: string | null;
  reasons: ClaimReason[];
  /** The credit of the step (asked, proposed, settled or decided). */
  credit: number | null;
  note: string;
  url?: string;
}

export function renderClaimMail(m: ClaimMail): RenderedMail {
  const lng = m.language;
  const tt = (key: string, vars: Record<string, string | number> = {}) => t(lng, key, vars, 'claimDocs');
  const vars: Record<string, string | number> = {
    number: m.number,
    lot: m.lot,
    who: m.who ?? tt('who.OPERATOR'),
    reasons: m.reasons.map((r) => tt(`reason.${r}`)).join(', '),
    credit: m.credit === null ? '' : formatEuro(m.credit, lng),
    note: m.note,
  };
  const subject = headerSafe(tt('mail.subject', { number: m.number, step: tt(`mail.step.${m.step}`) }));
  const bodyKey =
    m.step === 'accepted' && m.acceptedWhat === 'proposal'
      ? 'mail.acceptedProposal'
      : m.step === 'accepted' && m.acceptedWhat === 'rejection'
        ? 'mail.acceptedRejection'
        : `mail.body.${m.step}`;
  const greeting = tt('mail.greeting', { company: m.company });
  const body = tt(bodyKey, vars).replace(/\s+$/, '');
  const link = m.url ? tt('mail.link', { url: m.url }) : '';
  const signature = tt('mail.signature');
  const text = [greeting, '', body, ...(link ? ['', link] : []), '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
${m.url ? `<p><a href="${escapeHtml(m.url)}">${escapeHtml(tt('mail.open'))}</a></p>` : ''}
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject, text, html };
}
