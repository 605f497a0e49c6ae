import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { customRoutes, teams, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** Members a customer may be routed to: the roles that take conversations (as round robin's). */
export const ROUTE_TARGET_ROLES = ['0', '1', '2'];

export interface RouteWrite {
  customerUserId: string;
  agentId: string | null;
  teamId: string | null;
}

/** Members of the application among the given userIds, with role and status. */
export function findMembersByUserIds(db: Db, applicationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, userId: users.userId, roleType: users.roleType, status: users.status })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.userId, [...userIds])));
}

export function findTeamsByClientGroupIds(db: Db, applicationId: string, clientGroupIds: readonly string[]) {
  if (clientGroupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: teams.id, clientGroupId: teams.clientGroupId })
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), inArray(teams.clientGroupId, [...clientGroupIds])));
}

/** The customers among these that already have a route. */
export async function existingRouteUserIds(
  db: Db,
  applicationId: string,
  customerUserIds: readonly string[],
) {
  if (customerUserIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: customRoutes.customerUserId })
    .from(customRoutes)
    .where(
      and(
        eq(customRoutes.applicationId, applicationId),
        inArray(customRoutes.customerUserId, [...customerUserIds]),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** Creates or replaces the routes, one statement. */
export async function upsertRoutes(db: Db, applicationId: string, rows: readonly RouteWrite[]) {
  if (rows.length === 0) return;
  await db
    .insert(customRoutes)
    .values(rows.map((r) => ({ applicationId, ...r })))
    .onConflictDoUpdate({
      target: [customRoutes.applicationId, customRoutes.customerUserId],
      set: {
        agentId: sql`excluded.agent_id`,
        teamId: sql`excluded.team_id`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteRoutes(db: Db, applicationId: string, customerUserIds: readonly string[]) {
  const deleted = await db
    .delete(customRoutes)
    .where(
      and(
        eq(customRoutes.applicationId, applicationId),
        inArray(customRoutes.customerUserId, [...customerUserIds]),
      ),
    )
    .returning({ userId: customRoutes.customerUserId });
  return deleted.length;
}

export async function listRoutes(db: Db, applicationId: string, startIndex: number, pageSize: number) {
  const where = eq(customRoutes.applicationId, applicationId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: customRoutes.customerUserId,
        agentUserId: users.userId,
        teamClientGroupId: teams.clientGroupId,
        teamName: teams.name,
        updatedAt: customRoutes.updatedAt,
      })
      .from(customRoutes)
      .leftJoin(users, eq(users.id, customRoutes.agentId))
      .leftJoin(teams, eq(teams.id, customRoutes.teamId))
      .where(where)
      .orderBy(asc(customRoutes.customerUserId))
      .offset(startIndex)
      .limit(pageSize),
    db.select({ n: count() }).from(customRoutes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A customer's route with the agent's role and status, for the routing of a new conversation. */
export async function findRoute(db: Db, applicationId: string, customerUserId: string) {
  const [row] = await db
    .select({
      agentId: customRoutes.agentId,
      agentRoleType: users.roleType,
      agentStatus: users.status,
      teamId: customRoutes.teamId,
    })
    .from(customRoutes)
    .leftJoin(users, eq(users.id, customRoutes.agentId))
    .where(
      and(eq(customRoutes.applicationId, applicationId), eq(customRoutes.customerUserId, customerUserId)),
    );
  return row;
}
