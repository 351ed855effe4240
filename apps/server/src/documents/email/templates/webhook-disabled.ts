import type { Language } from '@primeur/shared';
import { renderAccountNotice } from './account-notice.js';
import type { RenderedMail } from './product-request.js';

export interface WebhookDisabledMail {
  language: Language;
  company: string;
  /** The endpoint's address. */
  url: string;
}

/** To a company whose webhook endpoint failed for 72 hours and was disabled (decision 1012): which, why, what to do. */
export function renderWebhookDisabled(m: WebhookDisabledMail): RenderedMail {
  return renderAccountNotice(m.language, m.company, 'webhookDisabledSubject', 'webhookDisabledBody', { url: m.url });
}
