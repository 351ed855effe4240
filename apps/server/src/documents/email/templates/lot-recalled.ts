import type { Language } from '@primeur/shared';
import { escapeHtml, headerSafe } from '../escape.js';
import { t } from '../i18n.js';
import type { RenderedMail } from './product-request.js';

export interface LotRecalledMail {
  language: Language;
  company: string;
  lotNumber: string;
  lotTitle: string;
  reason: string;
  exercise: boolean;
  /** The buyer's orders of the lot and the pallets (SSCCs or internal numbers) it received on each. */
  orders: Array<{ number: string; codes: string[] }>;
}

/**
 * To a buyer that received pallets of a recalled lot (issue 37 §5, decision 1016): the lot, why, its
 * orders and every pallet by its number, and what to do — set the goods aside and acknowledge on
 * Primeur. A drill says so in the subject and first line, so nobody destroys goods for an exercise.
 */
export function renderLotRecalled(m: LotRecalledMail): RenderedMail {
  const lng = m.language;
  const vars = { lot: m.lotNumber, title: m.lotTitle, reason: m.reason };
  const subject = headerSafe(t(lng, m.exercise ? 'lotRecalledExerciseSubject' : 'lotRecalledSubject', vars));
  const greeting = t(lng, 'accountGreeting', { company: m.company });
  const intro = t(lng, m.exercise ? 'lotRecalledExerciseBody' : 'lotRecalledBody', vars);
  const lines = m.orders.map((o) => `${o.number}: ${o.codes.length ? o.codes.join(', ') : t(lng, 'lotRecalledNoPalletNumbers')}`);
  const action = t(lng, m.exercise ? 'lotRecalledExerciseAction' : 'lotRecalledAction');
  const signature = t(lng, 'signature');
  const text = [greeting, '', intro, '', t(lng, 'lotRecalledPallets'), ...lines.map((l) => `- ${l}`), '', action, '', signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lng}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(intro)}</strong></p>
<p>${escapeHtml(t(lng, 'lotRecalledPallets'))}</p>
<ul>${lines.map((l) => `<li style="font-family:monospace">${escapeHtml(l)}</li>`).join('')}</ul>
<p>${escapeHtml(action)}</p>
<p>${escapeHtml(signature).replace(/\n/g, '<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
