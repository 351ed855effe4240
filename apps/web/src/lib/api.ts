import i18next from 'i18next';
import { isErrorCode, type ApiErrorBody, type ClientErrorCode, type ErrorCode } from '@primeur/shared';

/** "Try again in 2 minutes" in the reader's language, from a 429's Retry-After (seconds). */
function retryMessage(retryAfter: string | null, fallback: string): string {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0 || !i18next.isInitialized) return fallback;
  const [value, unit] =
    seconds < 60 ? [Math.ceil(seconds), 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  const when = new Intl.NumberFormat(i18next.language, { style: 'unit', unit: unit as string, unitDisplay: 'long' }).format(value as number);
  return i18next.t('errors:RATE_LIMITED', { when, defaultValue: fallback });
}

/**
 * An answer other than 2xx; `code` is the server's machine code (NETWORK when no answer came, UNKNOWN
 * for an answer without a known code). Turn it into text with `lib/error-message.ts`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly body?: ApiErrorBody & Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function request<T>(method: Method, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    const { headers: extra, ...rest } = init;
    const json = body !== undefined && !(body instanceof FormData);
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: json || extra ? { ...(json ? { 'content-type': 'application/json' } : {}), ...(extra as Record<string, string> | undefined) } : undefined,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...rest,
    });
  } catch (err) {
    console.error('connection error', err);
    throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
  }
  if (!res.ok) {
    const parsed = (await res.json().catch(() => undefined)) as (ApiErrorBody & Record<string, unknown>) | undefined;
    const message = parsed?.error ?? res.statusText;
    throw new ApiError(
      res.status,
      isErrorCode(parsed?.code) ? parsed.code : 'UNKNOWN',
      res.status === 429 ? retryMessage(res.headers.get('retry-after'), message) : message,
      parsed,
    );
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.blob()) as T;
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('POST', url, body ?? {}, init),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
