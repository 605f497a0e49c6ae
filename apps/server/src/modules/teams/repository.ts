import { DEFAULT_TEAM } from '@convo/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { conversations, teamMembers, teams, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place team rows are read or written; every query names its application.

export type TeamRow = typeof teams.$inferSelect;

/** The Default Team first, then the others in creation order. */
const teamOrder = [
  desc(sql`(${teams.clientGroupId} = ${DEFAULT_TEAM.clientGroupId})`),
  asc(teams.createdAt),
  asc(teams.id),
];

export async function findTeam(db: Db, applicationId: string, clientGroupId: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), eq(teams.clientGroupId, clientGroupId)))
    .limit(1);
  return row;
}

/** Locks the team row until the transaction ends (membership changes and deletion race otherwise). */
export async function lockTeam(db: Db, applicationId: string, clientGroupId: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), eq(teams.clientGroupId, clientGroupId)))
    .for('update')
    .limit(1);
  return row;
}

/** Another team of the application with this name, compared case-insensitively. */
export async function findTeamByName(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), sql`lower(${teams.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function listTeams(db: Db, applicationId: string) {
  return db
    .select()
    .from(teams)
    .where(eq(teams.applicationId, applicationId))
    .orderBy(...teamOrder);
}

/** The teams with their member counts, one query. */
export async function listTeamsWithCounts(db: Db, applicationId: string) {
  return db
    .select({ team: teams, memberCount: sql<number>`count(${teamMembers.userId})::int` })
    .from(teams)
    .leftJoin(teamMembers, eq(teamMembers.teamId, teams.id))
    .where(eq(teams.applicationId, applicationId))
    .groupBy(teams.id)
    .orderBy(...teamOrder);
}

const memberColumns = {
  teamId: teamMembers.teamId,
  id: users.id,
  userId: users.userId,
  displayName: users.displayName,
  roleType: users.roleType,
  status: users.status,
  role: teamMembers.role,
};

/** Members of these teams (of the application), oldest membership first. */
export async function listMembersOfTeams(db: Db, applicationId: string, teamIds: readonly string[]) {
  if (teamIds.length === 0) return [];
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.applicationId, applicationId), inArray(teamMembers.teamId, [...teamIds])))
    .orderBy(asc(teamMembers.createdAt), asc(users.userId));
}

export interface MemberPageFilter {
  roleTypes?: readonly string[] | undefined;
  statuses?: readonly number[] | undefined;
  startIndex: number;
  pageSize: number;
}

/** One page of a team's members with the total matching the filter (two queries). */
export async function pageTeamMembers(db: Db, applicationId: string, teamId: string, f: MemberPageFilter) {
  const where = and(
    eq(teamMembers.applicationId, applicationId),
    eq(teamMembers.teamId, teamId),
    f.roleTypes && f.roleTypes.length > 0 ? inArray(users.roleType, [...f.roleTypes]) : undefined,
    f.statuses && f.statuses.length > 0 ? inArray(users.status, [...f.statuses]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where)
      .orderBy(asc(teamMembers.createdAt), asc(users.userId))
      .limit(f.pageSize)
      .offset(f.startIndex),
    db
      .select({ n: count() })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Users of the application with these userIds (members and end users alike). */
export async function findUsersByUserIds(db: Db, applicationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, userId: users.userId, roleType: users.roleType, status: users.status })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.userId, [...userIds])));
}

export async function insertTeam(db: Db, values: typeof teams.$inferInsert) {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function renameTeam(db: Db, applicationId: string, teamId: string, name: string) {
  const [row] = await db
    .update(teams)
    .set({ name })
    .where(and(eq(teams.applicationId, applicationId), eq(teams.id, teamId)))
    .returning();
  return row;
}

/** Adds members, skipping those already in; returns how many joined. */
export async function addTeamMembers(
  db: Db,
  applicationId: string,
  teamId: string,
  userIds: readonly string[],
  role: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .insert(teamMembers)
    .values(userIds.map((userId) => ({ teamId, userId, applicationId, role })))
    .onConflictDoNothing()
    .returning({ userId: teamMembers.userId });
  return rows.length;
}

/** Removes members; returns how many left. */
export async function removeTeamMembers(
  db: Db,
  applicationId: string,
  teamId: string,
  userIds: readonly string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.applicationId, applicationId),
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.userId, [...userIds]),
      ),
    )
    .returning({ userId: teamMembers.userId });
  return rows.length;
}

/** The team's conversations lose their team (and its KM_TEAM_ID metadata); returns their ids. */
export async function detachConversations(db: Db, applicationId: string, teamId: string): Promise<number[]> {
  const rows = await db
    .update(conversations)
    .set({
      teamId: null,
      metadata: sql`${conversations.metadata} - 'KM_TEAM_ID'`,
      updatedAt: new Date(),
    })
    .where(and(eq(conversations.applicationId, applicationId), eq(conversations.teamId, teamId)))
    .returning({ id: conversations.id });
  return rows.map((r) => r.id);
}

export async function deleteTeam(db: Db, applicationId: string, teamId: string) {
  await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.applicationId, applicationId), eq(teamMembers.teamId, teamId)));
  await db.delete(teams).where(and(eq(teams.applicationId, applicationId), eq(teams.id, teamId)));
}

/** The teams one user (a users-table id) belongs to, with their role in each. */
export async function listMembershipsOfUser(db: Db, applicationId: string, id: string) {
  return db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.applicationId, applicationId), eq(teamMembers.userId, id)));
}
