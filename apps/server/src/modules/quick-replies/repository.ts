import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { quickReplies, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place quick replies are read or written; every query names the application.

export type QuickReplyRow = typeof quickReplies.$inferSelect & { ownerUserId: string | null };

const columns = {
  id: quickReplies.id,
  applicationId: quickReplies.applicationId,
  ownerId: quickReplies.ownerId,
  shortcut: quickReplies.shortcut,
  content: quickReplies.content,
  createdAt: quickReplies.createdAt,
  updatedAt: quickReplies.updatedAt,
  ownerUserId: users.userId,
};

/** The shared replies and the caller's own, by shortcut. */
export async function listVisible(db: Db, applicationId: string, ownerId: string): Promise<QuickReplyRow[]> {
  return (
    db
      .select(columns)
      .from(quickReplies)
      .leftJoin(users, eq(users.id, quickReplies.ownerId))
      .where(
        and(
          eq(quickReplies.applicationId, applicationId),
          or(isNull(quickReplies.ownerId), eq(quickReplies.ownerId, ownerId)),
        ),
      )
      // Shared before personal for the same shortcut.
      .orderBy(asc(quickReplies.shortcut), sql`${quickReplies.ownerId} is not null`, asc(quickReplies.id))
  );
}

/** The team's shared replies only (what a bot may send: no one's personal ones), by shortcut. */
export async function listShared(db: Db, applicationId: string): Promise<QuickReplyRow[]> {
  return db
    .select(columns)
    .from(quickReplies)
    .leftJoin(users, eq(users.id, quickReplies.ownerId))
    .where(and(eq(quickReplies.applicationId, applicationId), isNull(quickReplies.ownerId)))
    .orderBy(asc(quickReplies.shortcut), asc(quickReplies.id));
}

export async function findOne(db: Db, applicationId: string, id: string): Promise<QuickReplyRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(quickReplies)
    .leftJoin(users, eq(users.id, quickReplies.ownerId))
    .where(and(eq(quickReplies.applicationId, applicationId), eq(quickReplies.id, id)))
    .limit(1);
  return row;
}

/** The reply using this shortcut in the same scope (shared, or this owner's), if any. */
export async function findByShortcut(
  db: Db,
  applicationId: string,
  ownerId: string | null,
  shortcut: string,
) {
  const [row] = await db
    .select({ id: quickReplies.id })
    .from(quickReplies)
    .where(
      and(
        eq(quickReplies.applicationId, applicationId),
        ownerId === null ? isNull(quickReplies.ownerId) : eq(quickReplies.ownerId, ownerId),
        eq(quickReplies.shortcut, shortcut),
      ),
    )
    .limit(1);
  return row;
}

export async function insert(
  db: Db,
  values: { applicationId: string; ownerId: string | null; shortcut: string; content: string },
) {
  const [row] = await db.insert(quickReplies).values(values).returning({ id: quickReplies.id });
  return row!.id;
}

export async function update(
  db: Db,
  applicationId: string,
  id: string,
  patch: { ownerId: string | null; shortcut: string; content: string },
) {
  await db
    .update(quickReplies)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(quickReplies.applicationId, applicationId), eq(quickReplies.id, id)));
}

export async function remove(db: Db, applicationId: string, id: string) {
  await db
    .delete(quickReplies)
    .where(and(eq(quickReplies.applicationId, applicationId), eq(quickReplies.id, id)));
}
