import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@convo/api';
import type { AuthContext } from '../../http/auth.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Settings → Notification preferences: one person's own, defaults until they save.

export async function getPreferences(db: Db, caller: AuthContext): Promise<NotificationPreferences> {
  const row = await repo.findPreferences(db, caller.applicationId, caller.userId);
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  // A stored value that no longer fits (a sound removed from the list) falls back to the default.
  const parsed = notificationPreferencesSchema.safeParse({
    sound: row.sound,
    browserNotifications: row.browserNotifications,
    notifyOn: { ...DEFAULT_NOTIFICATION_PREFERENCES.notifyOn, ...row.notifyOn },
  });
  return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_PREFERENCES;
}

export async function savePreferences(db: Db, caller: AuthContext, input: NotificationPreferences) {
  await repo.upsertPreferences(db, {
    applicationId: caller.applicationId,
    userId: caller.userId,
    sound: input.sound,
    browserNotifications: input.browserNotifications,
    notifyOn: input.notifyOn,
  });
  return input;
}
