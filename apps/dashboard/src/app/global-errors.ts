// Unhandled errors and rejections: cancellations are swallowed, session errors log out, the rest
// is reported to the server when reporting is on (errors/error-reporting.ts decides what is sent).

import { isCancellation } from './api/api-error';
import { reportError } from './errors/error-reporting';
import { isSessionError } from './errors/session-error';
import { logout } from './logout';

export function installGlobalErrorHandlers(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isCancellation(event.reason)) {
      event.preventDefault();
      return;
    }
    if (isSessionError(event.reason)) logout();
    else reportError(event.reason, 'rejection');
  });
  window.addEventListener('error', (event) => {
    if (isSessionError(event.error)) logout();
    else reportError(event.error, 'error', event.filename);
  });
}
