// Toasts of SPEC §8/§9: four kinds, their colours, and 5 s auto-close for warning and error only.

import { MESSAGES, NOTIFICATION_COLOURS, type ToastKind, toastAutoCloseMs } from '@convo/domain';
import type { ReactNode } from 'react';
import { i18next } from '../i18n/i18n';
import { isApiError, isCancellation } from './api/api-error';
import { translateMessage } from './translate-message';

export interface ToastOptions {
  title?: ReactNode;
  /** Same id replaces an open toast instead of stacking a duplicate. */
  id?: string;
}

// @mantine/notifications (with its transitions) loads with the first toast, not with every page
// (issue 39); ToastHost (toast-host.tsx) mounts its container once it is in.
let library: Promise<typeof import('@mantine/notifications')> | null = null;
const listeners = new Set<() => void>();

/** Loads the notifications library (once) and tells ToastHost to mount its container. */
export function loadToastLibrary(): Promise<typeof import('@mantine/notifications')> {
  if (library === null) {
    library = import('@mantine/notifications');
    for (const listener of listeners) listener();
  }
  return library;
}

/** ToastHost's subscription: called when the first toast asks for the library. */
export function onToastLibraryRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastLibraryRequested(): boolean {
  return library !== null;
}

let lastId = 0;

export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  const colours = NOTIFICATION_COLOURS[kind];
  const autoClose = toastAutoCloseMs(kind);
  lastId += 1;
  const id = options.id ?? `toast-${lastId}`;
  void loadToastLibrary().then(
    ({ notifications }) =>
      notifications.show({
        id,
        // info and success: no explicit duration, the library default applies.
        ...(autoClose === undefined ? {} : { autoClose }),
        title: options.title,
        message,
        color: colours.text,
        withBorder: true,
        closeButtonProps: { 'aria-label': i18next.t('common.close') },
        'data-toast-kind': kind,
        role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
        styles: {
          root: { backgroundColor: colours.background, borderColor: colours.text },
          title: { color: colours.text },
          description: { color: colours.text },
          closeButton: { color: colours.text },
        },
      }),
    (error: unknown) => console.error('Toast not shown: its code did not load', error),
  );
  return id;
}

export const toast = {
  info: (message: ReactNode, options?: ToastOptions) => showToast('info', message, options),
  success: (message: ReactNode, options?: ToastOptions) => showToast('success', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => showToast('warning', message, options),
  error: (message: ReactNode, options?: ToastOptions) => showToast('error', message, options),
};

/**
 * Error toast for a failed call: cancellations (logout, aborts) are swallowed; known catalogue
 * messages are translated; other server messages are shown as sent.
 */
export function toastError(error: unknown, fallback?: string): void {
  if (isCancellation(error)) return;
  if (isApiError(error)) {
    toast.error(translateMessage(error.message));
    return;
  }
  toast.error(fallback ?? i18next.t('messages.genericRetry', { defaultValue: MESSAGES.genericRetry }));
}
