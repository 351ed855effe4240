import type { ApiErrorBody } from '@primeur/shared';

/** An answer other than 2xx; `code` is the server's machine code (or NETWORK when no answer came). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || body instanceof FormData ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...init,
    });
  } catch (err) {
    console.error('connection error', err);
    throw new ApiError(0, 'NETWORK', 'The server could not be reached.');
  }
  if (!res.ok) {
    const parsed = (await res.json().catch(() => undefined)) as (ApiErrorBody & Record<string, unknown>) | undefined;
    throw new ApiError(res.status, parsed?.code ?? `HTTP_${res.status}`, parsed?.error ?? res.statusText, parsed);
  }
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.blob()) as T;
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string) => request<T>('DELETE', url),
};
