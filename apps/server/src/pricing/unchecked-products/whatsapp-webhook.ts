import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
  from: string | null;
  body: string;
  receivedAt: Date;
  /** Why the message cannot be read as it is: it is stored as failed, for the operator (decision 782). */
  refused?: string;
}

/** Sizes Meta's messages keep well within; beyond them a message is kept as failed, not refused whole. */
export const MESSAGE_LIMITS = { idChars: 256, fromChars: 32, textChars: 65_536, rawChars: 2_000 } as const;
/** WhatsApp did not exist before 2009; a message may come a day "early" from a skewed clock. */
const EARLIEST_TIMESTAMP = Date.UTC(2009, 0, 1);
const FUTURE_SLACK_MS = 86_400_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stable id for a message that has no usable one, so a redelivered call stores it once. */
const syntheticId = (raw: unknown) =>
  `invalid:${createHash('sha256')
    .update(JSON.stringify(raw) ?? 'undefined')
    .digest('hex')
    .slice(0, 40)}`;

/**
 * One message of a notification, judged on its own (decision 782): a text message, null for what is
 * not a text (images, reactions), or a text kept with the reason it cannot be read as it is.
 */
function readMessage(raw: unknown, now: Date): WhatsAppText | null {
  const shown = () => (JSON.stringify(raw) ?? String(raw)).slice(0, MESSAGE_LIMITS.rawChars);
  if (!isRecord(raw)) return { id: syntheticId(raw), from: null, body: shown(), receivedAt: now, refused: 'Not a WhatsApp message object.' };
  if (raw.type !== undefined && raw.type !== 'text')
    return typeof raw.type === 'string' ? null : refusedWhole(raw, shown(), now, 'The message type is not text.');
  const problems: string[] = [];
  let id = raw.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > MESSAGE_LIMITS.idChars) {
    problems.push(`The message id is missing or over ${MESSAGE_LIMITS.idChars} characters.`);
    id = syntheticId(raw);
  }
  let from: string | null = typeof raw.from === 'string' ? raw.from : null;
  if (from === null || from.length < 3 || from.length > MESSAGE_LIMITS.fromChars) {
    problems.push('The sender number is missing or malformed.');
    from = null;
  }
  let receivedAt = now;
  if (raw.timestamp !== undefined) {
    const seconds = typeof raw.timestamp === 'string' && /^\d{1,15}$/.test(raw.timestamp) ? Number(raw.timestamp) : NaN;
    const at = seconds * 1000;
    if (Number.isFinite(at) && at >= EARLIEST_TIMESTAMP && at <= now.getTime() + FUTURE_SLACK_MS) receivedAt = new Date(at);
    else
      problems.push(`The WhatsApp timestamp ${String(raw.timestamp).slice(0, 40)} is not a date between 2009 and tomorrow; the arrival time is kept instead.`);
  }
  const text = isRecord(raw.text) ? raw.text.body : undefined;
  let body = typeof text === 'string' ? text : '';
  if (typeof text !== 'string') {
    problems.push('A text message without its text.');
    body = shown();
  } else if (text.length > MESSAGE_LIMITS.textChars) {
    problems.push(`The text has ${text.length} characters, over the ${MESSAGE_LIMITS.textChars} limit; it is kept cut.`);
    body = text.slice(0, MESSAGE_LIMITS.textChars);
  }
  const message: WhatsAppText = { id: id as string, from, body, receivedAt };
  if (problems.length) message.refused = problems.join(' ');
  return message;
}

function refusedWhole(raw: Record<string, unknown>, shown: string, now: Date, reason: string): WhatsAppText {
  const id = typeof raw.id === 'string' && raw.id.length > 0 && raw.id.length <= MESSAGE_LIMITS.idChars ? raw.id : syntheticId(raw);
  return { id, from: null, body: shown, receivedAt: now, refused: reason };
}

/**
 * The text messages of a notification, once each; images, reactions and status updates are skipped.
 * Each is judged alone: a malformed one comes back with `refused` and never costs the others.
 */
export function textMessages(payload: z.infer<typeof notification>, now = new Date()): WhatsAppText[] {
  const out = new Map<string, WhatsAppText>();
  for (const entry of payload.entry) {
    for (const change of entry.changes) {
      for (const raw of change.value.messages ?? []) {
        const m = readMessage(raw, now);
        if (m && !(out.get(m.id) && m.refused)) out.set(m.id, m);
      }
    }
  }
  return [...out.values()];
}
