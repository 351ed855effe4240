import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '@primeur/shared';
import type { Target } from './webhooks.address.js';

/**
 * Signing and sending one webhook request, to the Standard Webhooks specification (decision 1012):
 * headers `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` and the base64
 * HMAC-SHA256 of `{id}.{timestamp}.{body}` under the key in base64 after `whsec_`; during a rotation
 * two signatures separated by a space). Written with node:crypto: the tests verify it with the
 * `standardwebhooks` package, as a receiver would.
 */

export const USER_AGENT = 'Primeur-Webhooks/1.0';
/** What is read of a receiver's answer body before the connection is closed (it is not kept). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A new secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

/** One `v1,…` signature of a message. */
export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt, signed with each of the endpoint's current secrets. */
export function signedHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => sign(s, id, timestampSeconds, body)).join(' '),
  };
}

export interface SendResult {
  /** A 2xx answer. */
  ok: boolean;
  statusCode: number | null;
  /** Why it failed, in a few words; null on success. */
  error: string | null;
  durationMs: number;
  /** Cut short by this instance's stop: not the receiver's fault, not counted. */
  aborted?: boolean;
}

const describe = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'ECONNREFUSED') return 'connection refused';
  if (e.code === 'ECONNRESET' || e.message === 'socket hang up') return 'connection closed before an answer';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'host not found';
  return (e.code ? `${e.code}: ${e.message}` : e.message).slice(0, 300);
};

/**
 * POSTs `body` to the checked target, connecting to its checked address only (the `lookup` answers it
 * whatever the name), on a connection of its own, with one deadline for the whole exchange. A redirect
 * is never followed: it is a failure with its status. Never throws.
 */
export function post(target: Target, headers: Record<string, string>, body: string, timeoutMs: number, signal?: AbortSignal): Promise<SendResult> {
  const started = performance.now();
  const fixed: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    // One deadline for the whole exchange (connection, request, answer); it fires after `req` exists.
    const timer = setTimeout(() => finish({ ok: false, statusCode: null, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      req.destroy();
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const onAbort = () => finish({ ok: false, statusCode: null, error: 'stopped by the server', aborted: true });
    const req = client.request(
      {
        method: 'POST',
        hostname: target.hostname,
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        headers: { ...headers, host: target.url.host, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        lookup: fixed,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        const outcome: Omit<SendResult, 'durationMs'> =
          code >= 200 && code < 300
            ? { ok: true, statusCode: code, error: null }
            : code >= 300 && code < 400
              ? {
                  ok: false,
                  statusCode: code,
                  error: `redirect not followed (${code}${res.headers.location ? ` to ${res.headers.location.slice(0, 200)}` : ''})`,
                }
              : { ok: false, statusCode: code, error: `HTTP ${code}` };
        // The answer's body is read (a receiver may be writing it) up to a limit, then the connection ends.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) finish(outcome);
        });
        res.on('end', () => finish(outcome));
        res.on('close', () => finish(outcome));
        res.on('error', () => finish(outcome));
      },
    );
    req.on('error', (err) => finish({ ok: false, statusCode: null, error: describe(err) }));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    req.end(body);
  });
}
