import type { Language } from '@primeur/shared';
import { renderAccountNotice } from './account-notice.js';
import type { RenderedMail } from './product-request.js';

export interface FailedSignInsMail {
  language: Language;
  company: string;
  email: string;
}

/** Several wrong passwords were tried on the account: the owner should know, and may change the password. */
export function renderFailedSignIns(m: FailedSignInsMail): RenderedMail {
  return renderAccountNotice(m.language, m.company, 'failedSignInsSubject', 'failedSignInsBody', { email: m.email });
}
