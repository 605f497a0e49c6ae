import { and, eq } from 'drizzle-orm';
import { emailNotificationSettings } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export async function findSettings(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(emailNotificationSettings)
    .where(
      and(
        eq(emailNotificationSettings.applicationId, applicationId),
        eq(emailNotificationSettings.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertSettings(
  db: Db,
  values: {
    applicationId: string;
    userId: string;
    assignedToMe: boolean;
    newMessageWhileOffline: boolean;
    dailySummary: boolean;
  },
) {
  const { applicationId: _app, userId: _user, ...choices } = values;
  await db
    .insert(emailNotificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: emailNotificationSettings.userId,
      set: { ...choices, updatedAt: new Date() },
    });
}
