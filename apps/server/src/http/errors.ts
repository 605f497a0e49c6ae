import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../platform/db/errors.js';

/** An error meant for the client: the spec's code, a message a person can read, optional details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Sign in again: your session is missing or has expired.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);

export const GENERIC_500 = 'Retry again after some time!!';

/** The 400 of input that fails its schema: the first problem in the message, every one in details. */
export function invalidRequest(details: { path: string; message: string }[]): AppError {
  const first = details[0];
  const where = first?.path ? `${first.path}: ` : '';
  return badRequest(
    'INVALID_PARAMETER',
    `Invalid request: ${where}${first?.message ?? 'invalid input'}`,
    details,
  );
}

/** One place that turns anything thrown into `{ code, message, details? }`; never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const invalid = invalidRequest(details);
      return reply.status(400).send({ code: invalid.code, message: invalid.message, details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: GENERIC_500 });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status < 500) {
      const code =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error instanceof SyntaxError
          ? 'INVALID_JSON'
          : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'PAYLOAD_TOO_LARGE'
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : 'BAD_REQUEST';
      const message =
        code === 'INVALID_JSON' ? 'The request body is not valid JSON.' : fe.message || 'Bad request';
      return reply.status(status).send({ code, message });
    }
    if (isDatabaseUnavailable(error)) {
      // Down or restarting: say so (load balancers and clients retry a 503), the pool reconnects.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ code: 'DATABASE_UNAVAILABLE', message: 'The database does not answer. Retry in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: GENERIC_500 });
  });
}
