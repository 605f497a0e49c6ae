import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import { applications, conversations, messages, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** Deactivated (2) and deleted (3) members are not counted as members. */
const GONE_STATUSES = [2, 3];
/** Resolved (closed 2) and the other terminal states: spam 3, duplicate 4, archive 5. */
const FINISHED_STATUSES = [2, 3, 4, 5];

/** The application's totals, each one count over an indexed application_id. */
export async function applicationTotals(db: Db, applicationId: string) {
  const [[endUsers], [members], [convs], [open], [resolved], [msgs]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.applicationId, applicationId), isNull(users.roleType))),
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.applicationId, applicationId),
          isNotNull(users.roleType),
          notInArray(users.status, GONE_STATUSES),
        ),
      ),
    db.select({ n: count() }).from(conversations).where(eq(conversations.applicationId, applicationId)),
    db
      .select({ n: count() })
      .from(conversations)
      .where(
        and(
          eq(conversations.applicationId, applicationId),
          notInArray(conversations.status, FINISHED_STATUSES),
        ),
      ),
    db
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.applicationId, applicationId), eq(conversations.status, 2))),
    db.select({ n: count() }).from(messages).where(eq(messages.applicationId, applicationId)),
  ]);
  return {
    users: endUsers?.n ?? 0,
    members: members?.n ?? 0,
    conversations: convs?.n ?? 0,
    openConversations: open?.n ?? 0,
    resolvedConversations: resolved?.n ?? 0,
    messages: msgs?.n ?? 0,
  };
}

/** The application's first super admin: the account holder. */
export async function findAccountHolder(db: Db, applicationId: string) {
  const [row] = await db
    .select({ userId: users.userId, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.roleType, ['0'])))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

export async function renameApplication(db: Db, applicationId: string, name: string) {
  await db.update(applications).set({ name }).where(eq(applications.id, applicationId));
}
