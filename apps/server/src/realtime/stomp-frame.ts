/**
 * STOMP 1.2 frame codec (https://stomp.github.io/stomp-specification-1.2.html#STOMP_Frames).
 *
 * Written here rather than taken from npm: the only Node STOMP servers on the registry are STOMP 1.1
 * and unmaintained (decision 220). The server only ever needs to read small client control frames
 * and write MESSAGE/RECEIPT/ERROR/CONNECTED frames, so the codec stays small.
 */

export interface StompFrame {
  command: string;
  /** First occurrence wins for repeated headers (spec: "Repeated Header Entries"). */
  headers: Record<string, string>;
  body: Buffer;
}

export interface ParserLimits {
  /** Largest frame (command + headers + body) accepted from a client, in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export class StompProtocolError extends Error {}

const NUL = 0;
const LF = 0x0a;
const CR = 0x0d;

/** Commands whose headers are not escaped (spec: CONNECT and CONNECTED frames do not escape). */
const UNESCAPED = new Set(['CONNECT', 'CONNECTED']);

const CLIENT_COMMANDS = new Set(['CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT']);

function unescapeHeader(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = raw[++i];
    if (n === 'n') out += '\n';
    else if (n === 'r') out += '\r';
    else if (n === 'c') out += ':';
    else if (n === '\\') out += '\\';
    // Spec: undefined escape sequences MUST be treated as a fatal protocol error.
    else throw new StompProtocolError(`Invalid header escape \\${n ?? ''}`);
  }
  return out;
}

export function escapeHeader(value: string): string {
  return /[\\\r\n:]/.test(value) ? value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c') : value;
}

/**
 * Incremental parser: a WebSocket message may carry part of a frame, one frame or several, and
 * heart-beats (bare EOLs) may appear between frames. `push` returns the complete frames and counts
 * heart-beats; it throws StompProtocolError on malformed or oversized input.
 */
export class StompParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly limits: ParserLimits) {}

  push(chunk: Buffer): StompFrame[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: StompFrame[] = [];
    for (;;) {
      this.skipHeartbeats();
      if (this.buffer.length === 0) break;
      const frame = this.tryReadFrame();
      if (!frame) {
        if (this.buffer.length > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
        break;
      }
      frames.push(frame);
    }
    return frames;
  }

  private skipHeartbeats() {
    let i = 0;
    while (i < this.buffer.length && (this.buffer[i] === LF || this.buffer[i] === CR)) i++;
    if (i > 0) this.buffer = this.buffer.subarray(i);
  }

  /** Returns null while the frame is incomplete. */
  private tryReadFrame(): StompFrame | null {
    const buf = this.buffer;
    // The header block ends at the first empty line.
    let headerEnd = -1;
    let bodyStart = -1;
    for (let i = 0; i < buf.length; i++) {
      if (buf[i] !== LF) continue;
      if (buf[i + 1] === LF) {
        headerEnd = i;
        bodyStart = i + 2;
        break;
      }
      if (buf[i + 1] === CR && buf[i + 2] === LF) {
        headerEnd = i;
        bodyStart = i + 3;
        break;
      }
    }
    if (headerEnd < 0) return null;
    if (bodyStart > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large');

    const lines = buf.toString('utf8', 0, headerEnd).split('\n');
    const command = stripCr(lines[0] ?? '');
    if (!CLIENT_COMMANDS.has(command)) throw new StompProtocolError(`Unknown command ${command.slice(0, 20)}`);
    if (lines.length - 1 > this.limits.maxHeaders) throw new StompProtocolError('Too many headers');
    const headers: Record<string, string> = {};
    const escaped = !UNESCAPED.has(command);
    for (let i = 1; i < lines.length; i++) {
      const line = stripCr(lines[i]!);
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('Malformed header');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!(name in headers)) headers[name] = value;
    }

    let bodyEnd: number;
    const declared = headers['content-length'];
    if (declared !== undefined) {
      if (!/^\d{1,9}$/.test(declared)) throw new StompProtocolError('Invalid content-length');
      const length = Number(declared);
      if (bodyStart + length + 1 > this.limits.maxFrameBytes) throw new StompProtocolError('Frame too large');
      if (buf.length < bodyStart + length + 1) return null;
      if (buf[bodyStart + length] !== NUL) throw new StompProtocolError('Frame body not terminated by NUL');
      bodyEnd = bodyStart + length;
    } else {
      bodyEnd = buf.indexOf(NUL, bodyStart);
      if (bodyEnd < 0) return null;
    }
    const body = Buffer.from(buf.subarray(bodyStart, bodyEnd));
    this.buffer = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

const stripCr = (s: string) => (s.endsWith('\r') ? s.slice(0, -1) : s);

/** Serializes a server frame. content-length is always written when there is a body. */
export function encodeFrame(command: string, headers: Record<string, string>, body: string | Buffer = ''): Buffer {
  const bodyBuf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const escaped = !UNESCAPED.has(command);
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    head += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  }
  if (bodyBuf.length > 0) head += `content-length:${bodyBuf.length}\n`;
  head += '\n';
  return Buffer.concat([Buffer.from(head, 'utf8'), bodyBuf, Buffer.from([NUL])]);
}

/**
 * A MESSAGE frame split so that one published message is serialized once: everything but the
 * subscription header is shared, and `forSubscription` caches the finished frame per subscription id
 * (clients such as @stomp/stompjs number their subscriptions alike, so nearly all sockets share one).
 */
export class SharedMessageFrame {
  private readonly head: string;
  private readonly tail: Buffer;
  private readonly cache = new Map<string, Buffer>();

  constructor(destination: string, messageId: string, body: string) {
    const bodyBuf = Buffer.from(body, 'utf8');
    this.head =
      `MESSAGE\ndestination:${escapeHeader(destination)}\nmessage-id:${escapeHeader(messageId)}\n` +
      `content-type:application/json\ncontent-length:${bodyBuf.length}\nsubscription:`;
    this.tail = Buffer.concat([Buffer.from('\n\n'), bodyBuf, Buffer.from([NUL])]);
  }

  forSubscription(subscriptionId: string): Buffer {
    let frame = this.cache.get(subscriptionId);
    if (!frame) {
      frame = Buffer.concat([Buffer.from(this.head + escapeHeader(subscriptionId), 'utf8'), this.tail]);
      this.cache.set(subscriptionId, frame);
    }
    return frame;
  }
}
