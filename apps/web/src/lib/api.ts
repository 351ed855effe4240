import { isErrorCode, type ApiErrorBody, type ClientErrorCode, type ErrorCode } from '@primeur/shared';

/** A 429's wait in seconds from its Retry-After header, for a body that does not carry it. */
function retryAfterSeconds(res: Response): number | undefined {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
    let parsed = (await res.json().catch(() => undefined)) as (ApiErrorBody & Record<string, unknown>) | undefined;
    // "Try again in …" is written by lib/error-message.ts from the body's wait; the header stands in for
    // it (a limit applied before the app, by a proxy, may send no JSON at all).
    if (res.status === 429 && parsed?.retryAfterSeconds === undefined) {
      const wait = retryAfterSeconds(res);
      parsed = { error: res.statusText, code: 'RATE_LIMITED', ...parsed, ...(wait === undefined ? {} : { retryAfterSeconds: wait }) };
    }
    throw new ApiError(res.status, isErrorCode(parsed?.code) ? parsed.code : 'UNKNOWN', parsed?.error ?? res.statusText, parsed);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.blob()) as T;
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown, init?: RequestInit) => request<T>('POST', url, body ?? {}, init),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
