import {
  type EmailNotifications,
  emailNotificationsResponseSchema,
  MAIL_PREFERENCES_PATH,
  mailPreferencesResponseSchema,
  messageResponseSchema,
  NOTIFICATION_SETTINGS_PATHS as P,
  pushPublicKeyResponseSchema,
  pushSubscriptionListResponseSchema,
  pushSubscriptionPath,
  type pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushTestResponseSchema,
} from '@convo/api';
import type { z } from 'zod';
import { apiRequest } from '../../app/api/api-client';

export const emailKey = ['settings', 'email-notifications'] as const;
export const pushKey = ['settings', 'push-subscriptions'] as const;

export async function fetchEmailNotifications() {
  return (await apiRequest(P.email, { schema: emailNotificationsResponseSchema })).data;
}

export async function saveEmailNotifications(body: EmailNotifications) {
  return (await apiRequest(P.email, { method: 'PUT', body, schema: emailNotificationsResponseSchema })).data;
}

export async function fetchPushSubscriptions() {
  return (await apiRequest(P.pushSubscriptions, { schema: pushSubscriptionListResponseSchema })).data;
}

export async function fetchPushPublicKey() {
  return (await apiRequest(P.pushPublicKey, { schema: pushPublicKeyResponseSchema })).data.publicKey;
}

export async function savePushSubscription(body: z.input<typeof pushSubscriptionRequestSchema>) {
  return (
    await apiRequest(P.pushSubscriptions, { method: 'POST', body, schema: pushSubscriptionResponseSchema })
  ).data;
}

export async function removePushSubscription(id: string) {
  await apiRequest(pushSubscriptionPath(id), { method: 'DELETE', schema: messageResponseSchema });
}

export async function sendTestPush() {
  return (await apiRequest(P.pushTest, { method: 'POST', schema: pushTestResponseSchema })).data;
}

/** /subscribe and /unsubscribe: the mail choices of the member a signed link names (no session). */
export const mailLinkKey = (token: string) => ['mail-preferences', token] as const;

export async function fetchMailPreferences(token: string) {
  // The link is the credential: no session token goes with it.
  return (
    await apiRequest(MAIL_PREFERENCES_PATH, {
      query: { token },
      token: null,
      schema: mailPreferencesResponseSchema,
    })
  ).data;
}

export async function saveMailPreferences(token: string, choices: EmailNotifications) {
  return (
    await apiRequest(MAIL_PREFERENCES_PATH, {
      method: 'PUT',
      body: { token, choices },
      token: null,
      schema: mailPreferencesResponseSchema,
    })
  ).data;
}
