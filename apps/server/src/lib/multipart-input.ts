import { badRequest } from './http-error.js';

/**
 * The multipart parser (busboy) throws plain errors, without a status, for a body it cannot read:
 * no boundary in the Content-Type, data cut short. Those are faults of the request (400, decision
 * 500), not of the server; errors that carry a status (413 limits, 406) pass unchanged.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof Error && (err as { statusCode?: unknown }).statusCode === undefined && /multipart|boundary/i.test(err.message)) {
      throw badRequest('The multipart body cannot be read: send multipart/form-data with its boundary and complete parts.', 'file');
    }
    throw err;
  }
}
