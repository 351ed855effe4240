import type { EmailMessage } from '@primeur/shared';
import type { OutboxRow } from '../../documents/email/outbox.js';

export const presentMessage = (r: OutboxRow): EmailMessage => ({
  id: r.id,
  requestId: r.requestId,
  contactId: r.contactId,
  to: r.toAddress,
  toName: r.toName,
  company: r.company,
  language: r.language,
  subject: r.subject,
  text: r.textBody,
  html: r.htmlBody,
  status: r.status,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});
