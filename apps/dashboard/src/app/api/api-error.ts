// Typed API errors and the pure parsing of responses into data or ApiError.

import { ERROR_CODES, MESSAGES } from '@convo/domain';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { apiErrorSchema } from '../boot-schemas';

/** Client-side codes (server codes come from the body). */
export const CLIENT_ERROR_CODES = {
  REQUEST_CANCELLED: 'REQUEST_CANCELLED',
  REQUEST_CANCELED_DUE_TO_LOGOUT: 'REQUEST_CANCELED_DUE_TO_LOGOUT',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  NETWORK_ERROR: 'NETWORK_ERROR',
  EMPTY_RESPONSE: 'EMPTY_RESPONSE',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  HTTP_ERROR: 'HTTP_ERROR',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The server said the thing is not there or not this caller's (400, 403, 404). A network failure
 * (status 0) or a proxy's 5xx while the server is down is never that: the screen says the server
 * cannot be reached and keeps what it last showed (issue 40).
 */
export function isMissingError(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404);
}

/** Cancellations are never shown to the user (SPEC §8: swallowed, not reported). */
export function isCancellation(error: unknown): boolean {
  if (isApiError(error)) {
    return (
      error.code === CLIENT_ERROR_CODES.REQUEST_CANCELLED ||
      error.code === CLIENT_ERROR_CODES.REQUEST_CANCELED_DUE_TO_LOGOUT
    );
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    message === MESSAGES.requestCancelled ||
    message === MESSAGES.requestCanceledDueToLogout ||
    message === MESSAGES.requestAborted
  );
}

export type ApiFamily = 'product' | 'messaging';

export interface RawResponse {
  status: number;
  ok: boolean;
  /** The body as text ('' when empty). */
  body: string;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Turns a response into data (validated by `schema`) or throws an ApiError:
 * - 4xx/5xx: the server's `{ code, message }`, else a generic HTTP error;
 * - an empty 2xx from the messaging side: 'Whoops! Unable to fetch your data. Please try again later.';
 * - a body that does not match the schema: a generic error (logged by the caller).
 */
export function parseResponse<S extends $ZodType>(
  response: RawResponse,
  schema: S,
  family: ApiFamily,
): output<S> {
  const text = response.body.trim();
  if (!response.ok) {
    const json = text === '' ? { ok: false as const } : parseJson(text);
    const body = json.ok ? safeParse(apiErrorSchema, json.value) : null;
    if (body?.success) {
      throw new ApiError(response.status, body.data.code, body.data.message, body.data.details);
    }
    throw new ApiError(response.status, CLIENT_ERROR_CODES.HTTP_ERROR, MESSAGES.genericRetry);
  }
  if (text === '') {
    if (family === 'messaging') {
      throw new ApiError(response.status, CLIENT_ERROR_CODES.EMPTY_RESPONSE, MESSAGES.unableToFetchData);
    }
    const empty = safeParse(schema, undefined);
    if (empty.success) return empty.data;
    throw new ApiError(response.status, CLIENT_ERROR_CODES.INVALID_RESPONSE, MESSAGES.genericRetry);
  }
  const json = parseJson(text);
  if (!json.ok)
    throw new ApiError(response.status, CLIENT_ERROR_CODES.INVALID_RESPONSE, MESSAGES.genericRetry);
  const parsed = safeParse(schema, json.value);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      CLIENT_ERROR_CODES.INVALID_RESPONSE,
      MESSAGES.genericRetry,
      parsed.error.issues,
    );
  }
  return parsed.data;
}

/** Maps a thrown fetch failure (abort, network) to an ApiError. */
export function fromFetchFailure(error: unknown, abortReason: unknown): ApiError {
  if (isApiError(error)) return error;
  const aborted =
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') ||
    abortReason !== undefined;
  if (aborted) {
    if (abortReason === MESSAGES.requestCanceledDueToLogout) {
      return new ApiError(
        0,
        CLIENT_ERROR_CODES.REQUEST_CANCELED_DUE_TO_LOGOUT,
        MESSAGES.requestCanceledDueToLogout,
      );
    }
    if (abortReason === CLIENT_ERROR_CODES.REQUEST_TIMEOUT) {
      return new ApiError(0, CLIENT_ERROR_CODES.REQUEST_TIMEOUT, MESSAGES.genericRetry);
    }
    return new ApiError(0, CLIENT_ERROR_CODES.REQUEST_CANCELLED, MESSAGES.requestCancelled);
  }
  return new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, MESSAGES.genericRetry);
}

/** Joins a base URL from the run-time config with an absolute API path. */
export function joinUrl(base: string, path: string): string {
  if (base === '' || base === '/') return path;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Codes of a credential check (wrong password), which a 401 may carry without the session being bad. */
const CREDENTIAL_CODES: readonly string[] = [ERROR_CODES.INVALID_CREDENTIALS, ERROR_CODES.PASSWORD_INVALID];

/** A 401 ends the session (logout), unless it only says a password typed in a form was wrong. */
export function endsSession(error: ApiError): boolean {
  return error.status === 401 && !CREDENTIAL_CODES.includes(error.code);
}
