import { and, asc, eq, notInArray } from 'drizzle-orm';
import { conversationEvents, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/**
 * A page of a conversation's timeline, oldest first, with the actor's user id and name (null for
 * the system). `hiddenTypes` leaves rows out (notes are for the team only).
 */
export async function listTimeline(
  db: Db,
  applicationId: string,
  conversationId: number,
  opts: { startIndex: number; limit: number; hiddenTypes: readonly string[] },
) {
  const where = [
    eq(conversationEvents.applicationId, applicationId),
    eq(conversationEvents.conversationId, conversationId),
  ];
  if (opts.hiddenTypes.length > 0) where.push(notInArray(conversationEvents.type, [...opts.hiddenTypes]));
  return db
    .select({
      id: conversationEvents.id,
      type: conversationEvents.type,
      data: conversationEvents.data,
      createdAt: conversationEvents.createdAt,
      actorUserId: users.userId,
      actorDisplayName: users.displayName,
    })
    .from(conversationEvents)
    .leftJoin(
      users,
      and(
        eq(users.id, conversationEvents.actorId),
        eq(users.applicationId, conversationEvents.applicationId),
      ),
    )
    .where(and(...where))
    .orderBy(asc(conversationEvents.id))
    .limit(opts.limit)
    .offset(opts.startIndex);
}
