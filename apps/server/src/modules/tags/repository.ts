import { and, asc, eq, isNull } from 'drizzle-orm';
import { tags } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the tags table is written by the settings screen; every query names the application.

export type TagRow = typeof tags.$inferSelect;

export async function listTags(db: Db, applicationId: string): Promise<TagRow[]> {
  return db
    .select()
    .from(tags)
    .where(eq(tags.applicationId, applicationId))
    .orderBy(asc(tags.name), asc(tags.id));
}

export async function findTag(db: Db, applicationId: string, id: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.applicationId, applicationId), eq(tags.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function findActiveByName(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.applicationId, applicationId), eq(tags.name, name), isNull(tags.deletedAt)))
    .limit(1);
  return row;
}

export async function insertTag(db: Db, applicationId: string, name: string, color: string | null) {
  const [row] = await db.insert(tags).values({ applicationId, name, color }).returning();
  return row!;
}

export async function updateTag(
  db: Db,
  applicationId: string,
  id: string,
  patch: Partial<Pick<TagRow, 'name' | 'color' | 'deletedAt'>>,
) {
  const [row] = await db
    .update(tags)
    .set(patch)
    .where(and(eq(tags.applicationId, applicationId), eq(tags.id, id)))
    .returning();
  return row;
}
