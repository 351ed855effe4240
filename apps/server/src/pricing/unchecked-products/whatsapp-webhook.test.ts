import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, notification, textMessages } from './whatsapp-webhook.js';

const now = new Date(Date.UTC(2026, 10, 26, 12));
const read = (messages: unknown[]) =>
  textMessages(notification.parse({ object: 'whatsapp_business_account', entry: [{ changes: [{ value: { messages } }] }] }), now);
const text = (over: Record<string, unknown>) => ({
  id: 'wamid.1',
  from: '34950123456',
  timestamp: '1764158400',
  type: 'text',
  text: { body: 'Limón' },
  ...over,
});

describe('reading WhatsApp messages one by one', () => {
  it('reads a good text message with its WhatsApp time', () => {
    const [m] = read([text({})]);
    expect(m).toEqual({ id: 'wamid.1', from: '34950123456', body: 'Limón', receivedAt: new Date(1764158400 * 1000) });
  });

  it.each([
    ['huge', '99999999999999999999'],
    ['before WhatsApp existed', '1000'],
    ['two days ahead', String(now.getTime() / 1000 + 2 * 86_400)],
    ['not digits', '1e9'],
    ['a number', 1764158400],
  ])('keeps a message with a timestamp %s, refused with the reason and the arrival time', (_label, timestamp) => {
    const [m] = read([text({ timestamp })]);
    expect(m!.refused).toMatch(/timestamp/);
    expect(m!.receivedAt).toEqual(now);
    expect(m!.body).toBe('Limón');
  });

  it('keeps an over-long text cut, refused with its length', () => {
    const [m] = read([text({ text: { body: 'x'.repeat(MESSAGE_LIMITS.textChars + 10) } })]);
    expect(m!.body).toHaveLength(MESSAGE_LIMITS.textChars);
    expect(m!.refused).toContain(String(MESSAGE_LIMITS.textChars + 10));
  });

  it('gives a stable id to a message without a usable one, and keeps a malformed sender out', () => {
    const raw = text({ id: 'x'.repeat(300), from: 12 });
    const [a] = read([raw]);
    const [b] = read([raw]);
    expect(a!.id).toMatch(/^invalid:[0-9a-f]{40}$/);
    expect(a!.id).toBe(b!.id);
    expect(a!.from).toBeNull();
    expect(a!.refused).toMatch(/id.*sender/);
  });

  it('skips what is not a text, keeps a good message over a malformed copy of its id', () => {
    const out = read([{ id: 'wamid.2', type: 'reaction' }, text({ id: 'wamid.3', text: undefined }), text({ id: 'wamid.3' })]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ id: 'wamid.3', body: 'Limón' });
    expect(out[0]!.refused).toBeUndefined();
  });
});
