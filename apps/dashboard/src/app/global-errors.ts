// Unhandled errors and rejections: cancellations are swallowed, session errors log out.

import { isCancellation } from './api/api-error';
import { isSessionError } from './errors/session-error';
import { logout } from './logout';

export function installGlobalErrorHandlers(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isCancellation(event.reason)) {
      event.preventDefault();
      return;
    }
    if (isSessionError(event.reason)) logout();
  });
  window.addEventListener('error', (event) => {
    if (isSessionError(event.error)) logout();
  });
}
