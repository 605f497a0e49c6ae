import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { routingCursors, teamMembers, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** Human members who take conversations: super admins, admins and agents. */
const ROUTABLE_ROLES = ['0', '1', '2'];
const ONLINE = 1;

/** Online routable members (of a team when given), in a stable order for round robin. */
export async function onlineAgents(db: Db, applicationId: string, teamId: string | null) {
  const base = and(
    eq(users.applicationId, applicationId),
    inArray(users.roleType, ROUTABLE_ROLES),
    eq(users.status, ONLINE),
  );
  if (!teamId) {
    return db.select({ id: users.id }).from(users).where(base).orderBy(asc(users.id));
  }
  return db
    .select({ id: users.id })
    .from(users)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, teamId)))
    .where(base)
    .orderBy(asc(users.id));
}

/** The cursor row, locked for the transaction so two assignments never pick the same turn. */
export async function lockCursor(db: Db, applicationId: string, scope: string): Promise<string | null> {
  await db.insert(routingCursors).values({ applicationId, scope }).onConflictDoNothing();
  const [row] = await db
    .select({ lastUserId: routingCursors.lastUserId })
    .from(routingCursors)
    .where(and(eq(routingCursors.applicationId, applicationId), eq(routingCursors.scope, scope)))
    .for('update');
  return row?.lastUserId ?? null;
}

export async function moveCursor(db: Db, applicationId: string, scope: string, userId: string) {
  await db
    .update(routingCursors)
    .set({ lastUserId: sql`${userId}::uuid` })
    .where(and(eq(routingCursors.applicationId, applicationId), eq(routingCursors.scope, scope)));
}
