import type { Language } from '@primeur/shared';
import { renderAccountNotice } from './account-notice.js';
import type { RenderedMail } from './product-request.js';

export interface AccountValidatedMail {
  language: Language;
  company: string;
  email: string;
}

/** The message registration promises: the operator has validated the account, the company can sign in. */
export function renderAccountValidated(m: AccountValidatedMail): RenderedMail {
  return renderAccountNotice(m.language, m.company, 'accountValidatedSubject', 'accountValidatedBody', { email: m.email });
}
