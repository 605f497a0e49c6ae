import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
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
    const answerWith = ({ status, ...body }: ErrorAnswer) => reply.status(status).send(body);
    if (error instanceof AppError) return answerWith(errorAnswer(error, request.log));
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
    return answerWith(errorAnswer(error, request.log));
  });
}

/** The answer to an error thrown outside a schema or the body parser: REST's and the socket's. */
export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

/**
 * What a client is told of an error: an AppError as it says, a database that does not answer as
 * a 503 (load balancers and clients retry it; the pool reconnects), anything else as a logged 500.
 */
export function errorAnswer(error: unknown, log: Pick<FastifyBaseLogger, 'warn' | 'error'>): ErrorAnswer {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
    };
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database does not answer. Retry in a moment.',
    };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', message: GENERIC_500 };
}
