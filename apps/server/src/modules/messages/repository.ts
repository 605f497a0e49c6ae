import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/**
 * Inserts unless a message with the same client key already exists in the application; returns
 * the stored row and whether this call created it (a retried send gets the first one back).
 */
export async function insertMessageOnce(
  db: Db,
  values: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
  if (row) return { row, created: true };
  const existing = await findByClientKey(db, values.applicationId, values.clientKey);
  if (!existing) throw new Error('message conflict without an existing row');
  return { row: existing, created: false };
}

export async function findByClientKey(db: Db, applicationId: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.applicationId, applicationId), eq(messages.clientKey, clientKey)))
    .limit(1);
  return row;
}

/** A page of a conversation, newest first, optionally before a time (paging backwards). */
export async function listConversationMessages(
  db: Db,
  applicationId: string,
  conversationId: number,
  opts: { pageSize: number; startIndex: number; before?: Date | undefined },
) {
  const where = [eq(messages.applicationId, applicationId), eq(messages.conversationId, conversationId)];
  if (opts.before) where.push(lt(messages.createdAt, opts.before));
  return db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.pageSize)
    .offset(opts.startIndex);
}

/**
 * Inserts several messages, each unless its client key is already stored in the application;
 * answers, in the order given, the stored row and whether this call created it.
 */
export async function insertMessagesOnce(
  db: Db,
  applicationId: string,
  values: readonly NewMessage[],
): Promise<{ row: MessageRow; created: boolean }[]> {
  if (values.length === 0) return [];
  const inserted = await db
    .insert(messages)
    .values([...values])
    .onConflictDoNothing()
    .returning();
  const byKey = new Map(inserted.map((r) => [r.clientKey, { row: r, created: true }]));
  const missing = values.map((v) => v.clientKey).filter((k) => !byKey.has(k));
  if (missing.length > 0) {
    const existing = await db
      .select()
      .from(messages)
      .where(and(eq(messages.applicationId, applicationId), inArray(messages.clientKey, missing)));
    for (const r of existing) byKey.set(r.clientKey, { row: r, created: false });
  }
  return values.map((v) => {
    const found = byKey.get(v.clientKey);
    if (!found) throw new Error('message conflict without an existing row');
    return found;
  });
}
