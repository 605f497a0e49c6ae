// Errors of inbox actions as toasts: the inbox's own codes in the reader's language, the rest as
// the shell shows them.

import i18next from 'i18next';
import { isApiError } from '../../../app/api/api-error';
import { toast, toastError } from '../../../app/toasts';

export function toastInboxError(error: unknown): void {
  // Settings → Conversation preferences may require a tag before resolving.
  if (isApiError(error) && error.code === 'TAG_REQUIRED') {
    toast.error(i18next.t('inbox:errors.tagRequired'));
    return;
  }
  toastError(error);
}
