import type { MessageKey } from '@convo/domain';

/** Catalogue messages (SPEC §5/§8) the dashboard shows; each has a `messages.<key>` translation. */
export const TRANSLATED_MESSAGE_KEYS = [
  'passwordRule',
  'passwordTooLong',
  'passwordChanged',
  'wrongCurrentPassword',
  'genericRetry',
  'unableToFetchData',
  'retryAfterSomeTime',
  'newVersionAvailable',
  'requestCancelled',
  'requestCanceledDueToLogout',
  'requestAborted',
  'sessionNotFound',
  'appSettingNotFound',
  'somethingWentWrong',
  'errorScreenTitle',
  'reloadDashboard',
  'reportAnError',
  'goToLoginPage',
  'agentActions',
  'invalidEmail',
] as const satisfies readonly MessageKey[];

export type TranslatedMessageKey = (typeof TRANSLATED_MESSAGE_KEYS)[number];
