import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export interface MessageLogQuery {
  from?: Date | undefined;
  to?: Date | undefined;
  conversationId?: number | undefined;
  offset: number;
  limit: number;
}

/** Every column of a message but its search vector (large, and nobody reads it). */
const messageColumns = {
  id: messages.id,
  applicationId: messages.applicationId,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  senderType: messages.senderType,
  contentType: messages.contentType,
  message: messages.message,
  metadata: messages.metadata,
  fileMeta: messages.fileMeta,
  clientKey: messages.clientKey,
  createdAt: messages.createdAt,
};

/**
 * The application's messages in a time range, newest first, with their conversation's name and
 * the sender's user id: one statement on the (application, created) index.
 */
export async function listMessageLogs(db: Db, applicationId: string, q: MessageLogQuery) {
  const where: SQL[] = [eq(messages.applicationId, applicationId)];
  if (q.from) where.push(gte(messages.createdAt, q.from));
  if (q.to) where.push(lte(messages.createdAt, q.to));
  if (q.conversationId !== undefined) where.push(eq(messages.conversationId, q.conversationId));
  return db
    .select({
      message: messageColumns,
      groupName: conversations.name,
      clientGroupId: conversations.clientGroupId,
      senderUserId: users.userId,
    })
    .from(messages)
    .innerJoin(
      conversations,
      and(eq(conversations.id, messages.conversationId), eq(conversations.applicationId, applicationId)),
    )
    .leftJoin(users, and(eq(users.id, messages.senderId), eq(users.applicationId, applicationId)))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit)
    .offset(q.offset);
}
