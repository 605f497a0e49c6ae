import { and, desc, eq } from 'drizzle-orm';
import { attachments } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

export async function insertAttachment(db: Db, values: NewAttachment): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  return row!;
}

export async function findAttachment(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.applicationId, applicationId), eq(attachments.id, id)))
    .limit(1);
  return row;
}

/** The newest files of an application (tests and, later, a storage screen). */
export async function listAttachments(db: Db, applicationId: string, limit = 100) {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.applicationId, applicationId))
    .orderBy(desc(attachments.createdAt))
    .limit(limit);
}
