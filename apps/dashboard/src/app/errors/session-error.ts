import { ERROR_CODES, MESSAGES } from '@convo/domain';
import { isApiError } from '../api/api-error';

/** Thrown where a screen needs the session and there is none. */
export class SessionMissingError extends Error {
  override readonly name = 'SessionMissingError';
  constructor() {
    super(MESSAGES.sessionNotFound);
  }
}

/** Session-related errors get the session-missing screen and trigger logout when unhandled. */
export function isSessionError(error: unknown): boolean {
  if (error instanceof SessionMissingError) return true;
  if (isApiError(error)) return error.code === ERROR_CODES.NO_USER_DETAILS;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message === MESSAGES.sessionNotFound || message === MESSAGES.appSettingNotFound;
}
