import { describe, expect, it } from 'vitest';
import { encodeFrame, SharedMessageFrame, StompParser, StompProtocolError } from './stomp-frame.js';

const parser = () => new StompParser({ maxFrameBytes: 1024, maxHeaders: 8 });
const b = (s: string) => Buffer.from(s, 'utf8');

describe('STOMP frame parser', () => {
  it('reads several frames and heart-beats from one chunk', () => {
    const frames = parser().push(b('\n\r\nCONNECT\naccept-version:1.2\nhost:x\n\n\0\nSUBSCRIBE\r\nid:1\r\ndestination:/topic/offers/1\r\n\r\n\0\n'));
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
    expect(frames[1]!.headers).toEqual({ id: '1', destination: '/topic/offers/1' });
  });

  it('reassembles a frame split across chunks, including a body with content-length and NULs', () => {
    const p = parser();
    expect(p.push(b('SEND\ndestination:/a\ncontent-le'))).toEqual([]);
    expect(p.push(b('ngth:3\n\na\0'))).toEqual([]);
    const [f] = p.push(b('b\0'));
    expect(f!.body).toEqual(Buffer.from([0x61, 0, 0x62]));
  });

  it('keeps the first of repeated headers and unescapes values (not in CONNECT)', () => {
    const [f] = parser().push(b('SUBSCRIBE\nid:a\\cb\\\\c\\nd\nid:second\n\n\0'));
    expect(f!.headers.id).toBe('a:b\\c\nd');
    const [c] = parser().push(b('CONNECT\nlogin:a\\cb\n\n\0'));
    expect(c!.headers.login).toBe('a\\cb');
  });

  it('counts bytes, not characters, for content-length', () => {
    const body = 'é€';
    const [f] = parser().push(b(`SEND\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`));
    expect(f!.body.toString('utf8')).toBe(body);
  });

  it.each([
    ['an unknown command', 'HELLO\n\n\0'],
    ['an undefined escape', 'SUBSCRIBE\nid:\\t\n\n\0'],
    ['a header without a colon', 'SUBSCRIBE\nid\n\n\0'],
    ['a bad content-length', 'SEND\ncontent-length:-1\n\n\0'],
    ['a body longer than its content-length', 'SEND\ncontent-length:1\n\nab\0'],
    ['too many headers', `SUBSCRIBE\n${'a:1\n'.repeat(9)}\n\0`],
    ['an oversized unterminated frame', `SEND\n\n${'x'.repeat(1100)}`],
    ['an oversized declared body', 'SEND\ncontent-length:5000\n\n'],
  ])('rejects %s', (_name, input) => {
    expect(() => parser().push(b(input))).toThrow(StompProtocolError);
  });
});

describe('STOMP frame encoder', () => {
  it('escapes header values and writes content-length in bytes', () => {
    const out = encodeFrame('ERROR', { message: 'a:b\nc' }, 'é').toString('utf8');
    expect(out).toBe('ERROR\nmessage:a\\cb\\nc\ncontent-length:2\n\né\0');
  });

  it('round-trips through the parser', () => {
    const enc = encodeFrame('SEND', { destination: '/x', 'x-y': 'p:q' }, '{"a":1}');
    const [f] = parser().push(enc);
    expect(f!.headers).toMatchObject({ destination: '/x', 'x-y': 'p:q', 'content-length': '7' });
    expect(f!.body.toString()).toBe('{"a":1}');
  });

  it('serializes a MESSAGE once per subscription id and reuses it', () => {
    const m = new SharedMessageFrame('/topic/offers/1', 'i-1', '{"id":1}');
    const a = m.forSubscription('sub-0');
    expect(m.forSubscription('sub-0')).toBe(a);
    expect(a.toString()).toBe(
      'MESSAGE\ndestination:/topic/offers/1\nmessage-id:i-1\ncontent-type:application/json\ncontent-length:8\nsubscription:sub-0\n\n{"id":1}\0',
    );
    expect(m.forSubscription('x:1').toString()).toContain('subscription:x\\c1\n');
  });
});
