import { i18next } from '../../i18n/i18n';
import { configStore, useConfig } from '../config/config-store';
import { toast } from '../toasts';
import { GeneralErrorScreen, SessionMissingScreen } from './error-screen';
import { isSessionError } from './session-error';

/**
 * What replaces a crashed part of the UI. With error reporting disabled no error screen appears:
 * the failed part renders nothing (the layout around it stays usable, and navigating elsewhere
 * recovers), and the crash is logged plus a generic error toast (see notifyRenderError).
 */
export function ErrorFallback({ error }: { error: unknown }) {
  const config = useConfig();
  if (isSessionError(error)) return <SessionMissingScreen />;
  if (config.errorReporting) return <GeneralErrorScreen error={error} />;
  return null;
}

/** Side effect of a render crash: a generic toast when no error screen will show. */
export function notifyRenderError(error: unknown): void {
  if (isSessionError(error) || configStore.getState().config?.errorReporting === true) return;
  toast.error(i18next.t('messages.genericRetry'), { id: 'render-error' });
}
