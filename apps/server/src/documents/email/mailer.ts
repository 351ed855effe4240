import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config/env.js';
import { headerSafe, isPlainAddress } from './escape.js';

export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (the sale confirmation PDF). */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
  /**
   * The Message-ID, when the sender may send the same message twice (a restart after the SMTP server
   * took it and before its status was written): the same id each time, so the receiver sees one message.
   */
  messageId?: string;
}

/**
 * Sends mail through the SMTP server of `SMTP_URL`. Without it, `mode` is `outbox` and nothing is
 * sent: the caller keeps the message in the outbox table for an admin to read (decision 124).
 */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (!config.smtpUrl) {
    return {
      mode: 'outbox',
      send: () => Promise.reject(new Error('No SMTP server configured')),
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
  return {
    mode: 'smtp',
    async send(mail) {
      if (!isPlainAddress(mail.to.address)) throw new Error(`Refused recipient address ${JSON.stringify(mail.to.address)}`);
      const info = await transport.sendMail({
        to: { name: headerSafe(mail.to.name), address: mail.to.address },
        subject: headerSafe(mail.subject),
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ filename: headerSafe(a.filename), contentType: a.contentType, content: a.content })),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        // Message content never names local files or URLs to fetch.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
