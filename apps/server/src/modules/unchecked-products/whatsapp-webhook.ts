import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * WhatsApp Cloud API webhook pieces that need no server: the signature check and the reading of
 * the notification payload (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks).
 */

/** `X-Hub-Signature-256: sha256=<hex>` must be the HMAC-SHA256 of the exact raw body with the app secret. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const given = header.slice('sha256='.length);
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  // Constant time: the comparison must not tell an attacker how many leading bytes were right.
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

export const sign = (rawBody: Buffer | string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

const textMessage = z.object({
  id: z.string().min(1).max(256),
  from: z.string().min(3).max(32),
  timestamp: z.string().regex(/^\d+$/).optional(),
  type: z.string(),
  text: z.object({ body: z.string().max(65_536) }).optional(),
});

/** Only what we read; everything else Meta sends (statuses, contacts, metadata) passes untouched. */
export const notification = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.string().optional(), value: z.object({ messages: z.array(z.unknown()).optional() }).loose() })).default([]),
      }),
    )
    .default([]),
});

export interface WhatsAppText {
  id: string;
  from: string;
  body: string;
  receivedAt: Date;
}

/** The text messages of a notification, once each; images, reactions and status updates are skipped. */
export function textMessages(payload: z.infer<typeof notification>): WhatsAppText[] {
  const out = new Map<string, WhatsAppText>();
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      for (const raw of change.value.messages ?? []) {
        const m = textMessage.safeParse(raw);
        if (!m.success || m.data.type !== 'text' || !m.data.text) continue;
        const at = m.data.timestamp ? new Date(Number(m.data.timestamp) * 1000) : new Date();
        out.set(m.data.id, { id: m.data.id, from: m.data.from, body: m.data.text.body, receivedAt: at });
      }
    }
  }
  return [...out.values()];
}
