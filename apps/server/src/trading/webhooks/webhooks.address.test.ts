import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { classify, vet, type AddressPolicy, type HostResolver } from './webhooks.address.js';
import { newWebhookSecret, sign, signedHeaders } from './webhooks.sender.js';
import { nextAttempt, RETRY_WINDOW_MS, subjectOf } from './webhooks.delivery.js';

/** Where a webhook may go (decision 1012), judged without the network: the DNS is a table. */
const hosts: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'evil.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.1.2.3'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve: HostResolver = async (name) => {
  const a = hosts[name];
  if (!a) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return a.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const dev: AddressPolicy = { allowPrivate: false, production: false };
const production: AddressPolicy = { allowPrivate: false, production: true };
const refusal = async (url: string, policy: AddressPolicy) => {
  try {
    await vet(url, policy, resolve);
    return 'allowed';
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('the addresses a webhook may reach', () => {
  it('tells public addresses from private, loopback, link-local, reserved and mapped ones', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '2a00:1450:4007:80a::200e']) expect(classify(a), a).toBe('public');
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) expect(classify(a), a).toBe('loopback');
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      '::',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:db8::1',
      'ff02::1',
    ])
      expect(classify(a), a).toBe('private');
    // The edges of 172.16.0.0/12.
    expect(classify('172.15.255.255')).toBe('public');
    expect(classify('172.32.0.0')).toBe('public');
  });

  it('refuses private ranges and names that lead there, in development too', async () => {
    for (const url of [
      'https://10.0.0.1/hook',
      'https://192.168.1.10/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://evil.example.com/',
      'https://mixed.example.com/',
      'http://0x7f.1/',
    ])
      expect(await refusal(url, dev), url).toBe(url.startsWith('http://0x7f') ? 'allowed' : 'WEBHOOK_ADDRESS_REFUSED');
    expect(await refusal('https://nowhere.example.com/', dev)).toBe('WEBHOOK_HOST_UNKNOWN');
    expect(await refusal('https://hooks.example.com/in', dev)).toBe('allowed');
  });

  it('lets development call the local machine named as such, and production never', async () => {
    for (const url of ['http://127.0.0.1:4000/h', 'http://localhost:4000/h', 'http://[::1]:4000/h', 'https://localhost/h']) {
      expect(await refusal(url, dev), url).toBe('allowed');
      expect(await refusal(url, production), url).toBe(url.startsWith('http:') ? 'WEBHOOK_HTTPS_REQUIRED' : 'WEBHOOK_ADDRESS_REFUSED');
    }
    expect(await refusal('https://[::1]/h', production)).toBe('WEBHOOK_ADDRESS_REFUSED');
    expect(await refusal('https://127.0.0.1/h', production)).toBe('WEBHOOK_ADDRESS_REFUSED');
    // WEBHOOK_ALLOW_PRIVATE opens every address, never http:// in production.
    expect(await refusal('https://10.0.0.1/h', { ...production, allowPrivate: true })).toBe('allowed');
    expect(await refusal('https://evil.example.com/h', { ...production, allowPrivate: true })).toBe('allowed');
    expect(await refusal('http://10.0.0.1/h', { ...production, allowPrivate: true })).toBe('WEBHOOK_HTTPS_REQUIRED');
  });

  it('connects to the address it checked, and speaks to the name', async () => {
    const t = await vet('https://hooks.example.com:8443/in?x=1', dev, resolve);
    expect(t).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.216.34', family: 4 });
    expect(t.url.port).toBe('8443');
    const v6 = await vet('https://[2606:2800:220:1:248:1893:25c8:1946]/', dev, resolve);
    expect(v6).toMatchObject({ hostname: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
  });
});

describe('signatures, to the Standard Webhooks specification', () => {
  it('signs so that the standardwebhooks package verifies, with either secret during a rotation', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const body = JSON.stringify({ id: 'evt_1', type: 'order.shipped', timestamp: '2026-12-01T10:00:00.000Z', data: { id: 1 } });
    const ts = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([secret], 'evt_1', ts, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    // The package's own signature is ours.
    expect(new Webhook(secret).sign('evt_1', new Date(ts * 1000), body)).toBe(sign(secret, 'evt_1', ts, body));
    const previous = newWebhookSecret();
    const both = signedHeaders([secret, previous], 'evt_1', ts, body);
    expect(both['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(secret).verify(body, both)).not.toThrow();
    expect(() => new Webhook(previous).verify(body, both)).not.toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, both)).toThrow();
    // A changed body or id fails.
    expect(() => new Webhook(secret).verify(body.replace('shipped', 'delivered'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
  });
});

describe('the schedule', () => {
  it('backs off 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h… and ends 72 h after the first attempt', () => {
    const first = new Date('2026-12-01T00:00:00Z');
    let now = first;
    const waits: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = nextAttempt(attempt, first, now);
      if (!next) break;
      waits.push((next.getTime() - now.getTime()) / 1000);
      now = next;
    }
    expect(waits.slice(0, 8)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000, 50400]);
    expect(now.getTime() - first.getTime()).toBe(RETRY_WINDOW_MS);
    expect(waits).toHaveLength(11);
  });

  it('keeps the events of one order (its claims too), one invoice, one lot, one request in order', () => {
    const s = (type: string, data: Record<string, unknown>) => subjectOf({ id: 'evt_9', type: type as 'order.shipped', data });
    expect(s('order.shipped', { id: 12 })).toBe('order:12');
    expect(s('claim.filed', { id: 3, orderId: 12 })).toBe('order:12');
    expect(s('invoice.paid', { id: 40 })).toBe('invoice:40');
    expect(s('credit_note.issued', { id: 41 })).toBe('invoice:41');
    expect(s('lot.sold', { id: 7 })).toBe('lot:7');
    expect(s('purchase_request.countered', { id: 5 })).toBe('purchase_request:5');
  });
});
