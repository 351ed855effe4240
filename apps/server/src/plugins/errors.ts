import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeOfIssues, type ApiErrorBody, type ErrorCode } from '@primeur/shared';
import { HttpError } from '../lib/http-error.js';
import { isDatabaseUnavailable } from '../lib/db-unavailable.js';
import { classifyInputError } from '../lib/pg-errors.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'NOT_SIGNED_IN',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Every error leaves as `{ error, code, details? }`; nothing internal reaches the client. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      const body: ApiErrorBody & Record<string, unknown> = { error: err.message, code: err.code, ...err.extra };
      if (err.details) body.details = err.details;
      const wait = err.extra?.retryAfterSeconds;
      if (err.statusCode === 429 && typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])].filter(Boolean).join('.'),
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ error: 'The request is not valid.', code: codeOfIssues(details), details });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ error: 'An unexpected error occurred.', code: 'INTERNAL' });
    }
    if (isDatabaseUnavailable(err)) {
      // A temporary outage, not a fault of the request: the client may retry (decision 520).
      req.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ error: 'The database is unavailable; try again in a moment.', code: 'DATABASE_UNAVAILABLE' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode = STATUS_CODES[status] ?? 'BAD_REQUEST';
      const message = status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The body is not valid JSON.' : err.message;
      return reply.status(status).send({ error: message, code });
    }
    const input = classifyInputError(err);
    if (input) {
      req.log.warn({ err }, 'database refused a value');
      return reply.status(input.status).send({ error: input.message, code: input.code });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'An unexpected error occurred.', code: 'INTERNAL' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
