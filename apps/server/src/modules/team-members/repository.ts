import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { sessions, teamMembers, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { forgetSessionsOfUsers } from '../accounts/index.js';

// Members of an application (users with a role type). Every query names the application.

export type MemberRow = typeof users.$inferSelect;

const DELETED = 3;

/** Members who are not deleted, oldest first (the owner leads). */
export async function listMembers(db: Db, applicationId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), isNotNull(users.roleType), ne(users.status, DELETED)))
    .orderBy(asc(users.createdAt));
}

/** The named members, locked for the rest of the transaction. */
export async function lockMembers(db: Db, applicationId: string, userNames: readonly string[]) {
  if (userNames.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        isNotNull(users.roleType),
        inArray(users.userId, [...userNames]),
      ),
    )
    .for('update');
}

/**
 * Active super admins, locked: two admins demoting each other's last super admin at once are
 * serialised here, so the application always keeps one.
 */
export async function lockActiveSuperAdmins(db: Db, applicationId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        eq(users.roleType, '0'),
        notInArray(users.status, [2, DELETED]),
      ),
    )
    .for('update');
}

export async function updateMember(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<MemberRow, 'status' | 'roleType' | 'roleName'>>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)));
  forgetSessionsOfUsers([id]);
}

export async function deleteSessionsOf(db: Db, applicationId: string, userId: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.applicationId, applicationId), eq(sessions.userId, userId)));
  forgetSessionsOfUsers([userId]);
}

export async function leaveAllTeams(db: Db, applicationId: string, userId: string) {
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.applicationId, applicationId), eq(teamMembers.userId, userId)));
}

export async function userNameTaken(db: Db, applicationId: string, userName: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, userName)))
    .limit(1);
  return row !== undefined;
}
