import type { ErrorCode } from '@primeur/shared';

/** A refusal the client can act on: becomes `{ error, code, details? }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Array<{ path: string; message: string }>,
    /** Extra fields merged into the body (e.g. the current highest bid). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);
export const badRequest = (message: string, path = '') => new HttpError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
