import { and, eq } from 'drizzle-orm';
import { notificationPreferences } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export async function findPreferences(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.applicationId, applicationId),
        eq(notificationPreferences.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertPreferences(
  db: Db,
  values: {
    applicationId: string;
    userId: string;
    sound: string;
    browserNotifications: boolean;
    notifyOn: Record<string, boolean>;
  },
) {
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        sound: values.sound,
        browserNotifications: values.browserNotifications,
        notifyOn: values.notifyOn,
        updatedAt: new Date(),
      },
    });
}
