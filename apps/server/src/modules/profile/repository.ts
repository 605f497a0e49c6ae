import type { Language } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import { attachments, memberPreferences, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export async function findMemberWithPreferences(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ user: users, timeZone: memberPreferences.timeZone, language: memberPreferences.language })
    .from(users)
    .leftJoin(memberPreferences, eq(memberPreferences.userId, users.id))
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function updateMember(
  db: Db,
  applicationId: string,
  id: string,
  values: { displayName?: string; contactNumber?: string | null; imageLink?: string | null },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)));
}

export async function saveTimeZone(db: Db, applicationId: string, userId: string, timeZone: string | null) {
  await db
    .insert(memberPreferences)
    .values({ userId, applicationId, timeZone })
    .onConflictDoUpdate({ target: memberPreferences.userId, set: { timeZone, updatedAt: new Date() } });
}

export async function saveLanguage(db: Db, applicationId: string, userId: string, language: Language) {
  await db
    .insert(memberPreferences)
    .values({ userId, applicationId, language })
    .onConflictDoUpdate({ target: memberPreferences.userId, set: { language, updatedAt: new Date() } });
}

export async function findImage(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ id: attachments.id, contentType: attachments.contentType })
    .from(attachments)
    .where(and(eq(attachments.applicationId, applicationId), eq(attachments.id, id)))
    .limit(1);
  return row;
}
