import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCES_PATH,
  type NotificationPreferences,
  notificationPreferencesResponseSchema,
} from '@convo/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';

export const NOTIFICATION_PREFERENCES_KEY = ['notification-preferences'] as const;

export async function fetchNotificationPreferences(signal?: AbortSignal) {
  return (
    await apiRequest(NOTIFICATION_PREFERENCES_PATH, { schema: notificationPreferencesResponseSchema, signal })
  ).data;
}

export async function saveNotificationPreferences(preferences: NotificationPreferences) {
  return (
    await apiRequest(NOTIFICATION_PREFERENCES_PATH, {
      method: 'PUT',
      body: preferences,
      schema: notificationPreferencesResponseSchema,
    })
  ).data;
}

/** The user's notification preferences (the defaults until read; `enabled` false holds the read back). */
export function useNotificationPreferences(enabled = true) {
  const query = useQuery({
    queryKey: NOTIFICATION_PREFERENCES_KEY,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
  return query.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
}
