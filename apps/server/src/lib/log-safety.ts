/**
 * What the logs may hold (decision 504): an error's type, code and message, a request's method and
 * path — never query parameters (SQL or URL), hashes, cookies, passwords or message texts.
 */

/** Pino redaction: headers and body fields that must never be written, wherever they appear. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-hub-signature-256"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.oldPassword',
  '*.newPassword',
  '*.params',
  '*.body',
];

/** Drizzle puts the SQL parameters in its message ("Failed query: …\nparams: …"); only the statement is kept. */
const withoutParams = (message: string) => message.replace(/\nparams:[\s\S]*$/, '').slice(0, 2000);

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/** The pino `err` serializer: type, code, message without parameters, stack frames; the cause likewise. */
export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an Error]', stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  // The stack's first line repeats the message (with the parameters): keep the frames only.
  const stack = (e.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 15)
    .join('\n');
  const out: LoggedError = { type: e.name, message: withoutParams(String(e.message)), stack };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** The pino `req` serializer: the path without its query string. */
export function safeRequest(req: { method?: string; url?: string; ip?: string }) {
  return { method: req.method, url: req.url?.split('?')[0], remoteAddress: req.ip };
}
