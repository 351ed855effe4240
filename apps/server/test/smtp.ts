import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: envelope plus the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for tests. No TLS and no auth (local only). Recipients whose address
 * starts with `reject` are refused with a 550, to exercise failed sends.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let rejecting = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (rejecting && address.address.startsWith('reject')) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  // A client that vanishes mid-message (an instance the kill test SIGKILLs while it sends) resets the
  // connection: smtp-server emits that as the server's 'error', which with no listener threw in the test
  // worker, as an unhandled ECONNRESET, after every test had passed. The mail is then not received and
  // is sent again by the next instance; the errors are kept for a test that wants to look at them.
  const errors: Error[] = [];
  server.on('error', (err: Error) => errors.push(err));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The connection errors the server saw (a client reset mid-message). */
    errors,
    /** Whether `reject…` recipients are refused (true at start). */
    setRejecting: (on: boolean) => {
      rejecting = on;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The headers of a raw message, unfolded, with RFC 2047 encoded words decoded. */
export function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const out: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

function decodeWords(s: string) {
  return s.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** The decoded body of the part with this content type (text/plain or text/html). */
export function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  for (const part of parts) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    if (!head || !new RegExp(`content-type:\\s*${type}`, 'i').test(head)) continue;
    const body = rest.join('\n\n');
    const enc = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (enc === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  throw new Error(`no ${type} part`);
}
