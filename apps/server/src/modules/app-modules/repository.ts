import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { appModules, teams, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type AppModuleRow = typeof appModules.$inferSelect;

const view = {
  id: appModules.id,
  name: appModules.name,
  displayName: appModules.displayName,
  teamId: appModules.teamId,
  teamKey: teams.clientGroupId,
  teamName: teams.name,
  enabled: appModules.enabled,
  createdAt: appModules.createdAt,
  updatedAt: appModules.updatedAt,
};

/** The application's modules with their team, by name. */
export function listModules(db: Db, applicationId: string) {
  return db
    .select(view)
    .from(appModules)
    .leftJoin(teams, eq(teams.id, appModules.teamId))
    .where(eq(appModules.applicationId, applicationId))
    .orderBy(asc(appModules.name));
}

export type AppModuleView = Awaited<ReturnType<typeof listModules>>[number];

export async function findModuleView(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select(view)
    .from(appModules)
    .leftJoin(teams, eq(teams.id, appModules.teamId))
    .where(and(eq(appModules.applicationId, applicationId), eq(appModules.name, name)));
  return row ?? null;
}

/** Locks the module row so concurrent edits of one module apply one after the other. */
export async function findModuleForUpdate(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select()
    .from(appModules)
    .where(and(eq(appModules.applicationId, applicationId), eq(appModules.name, name)))
    .for('update');
  return row ?? null;
}

export async function countModules(db: Db, applicationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(appModules)
    .where(eq(appModules.applicationId, applicationId));
  return row?.n ?? 0;
}

/** Inserts unless the name is taken; null when it is. */
export async function insertModule(
  db: Db,
  values: { applicationId: string; name: string; displayName: string; teamId: string | null },
) {
  const [row] = await db
    .insert(appModules)
    .values(values)
    .onConflictDoNothing({ target: [appModules.applicationId, appModules.name] })
    .returning({ id: appModules.id });
  return row ?? null;
}

export function updateModule(
  db: Db,
  id: string,
  changes: Partial<Pick<AppModuleRow, 'displayName' | 'teamId' | 'enabled'>>,
) {
  return db
    .update(appModules)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(appModules.id, id));
}

export function deleteModule(db: Db, id: string) {
  return db.delete(appModules).where(eq(appModules.id, id));
}

/** End users per module name, for the list. */
export async function userCounts(db: Db, applicationId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: users.appModuleName, n: count() })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), isNull(users.roleType)))
    .groupBy(users.appModuleName);
  return new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.name, r.n] as const])));
}

/** End users of one module. */
export async function userCount(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.applicationId, applicationId), isNull(users.roleType), eq(users.appModuleName, name)),
    );
  return row?.n ?? 0;
}

/** Users who registered through a deleted module belong to none afterwards. */
export async function detachUsers(db: Db, applicationId: string, name: string) {
  const rows = await db
    .update(users)
    .set({ appModuleName: null })
    .where(and(eq(users.applicationId, applicationId), eq(users.appModuleName, name)))
    .returning({ id: users.id });
  return rows.length;
}

export async function findTeamByKey(db: Db, applicationId: string, teamKey: string) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.applicationId, applicationId), eq(teams.clientGroupId, teamKey)));
  return row ?? null;
}

/** For registration: the module a client names, if it exists in this application. */
export async function findModule(db: Db, applicationId: string, name: string) {
  const [row] = await db
    .select({ name: appModules.name, enabled: appModules.enabled })
    .from(appModules)
    .where(and(eq(appModules.applicationId, applicationId), eq(appModules.name, name)));
  return row ?? null;
}

/** For routing: the team of the module this end user registered through, if it has one. */
export async function teamOfUsersModule(db: Db, applicationId: string, customerUserId: string) {
  const [row] = await db
    .select({ teamId: appModules.teamId })
    .from(users)
    .innerJoin(
      appModules,
      and(eq(appModules.applicationId, users.applicationId), eq(appModules.name, users.appModuleName)),
    )
    .where(
      and(
        eq(users.applicationId, applicationId),
        eq(users.userId, customerUserId),
        eq(appModules.enabled, true),
      ),
    );
  return row?.teamId ?? null;
}

export function setUsersModule(db: Db, userRowId: string, name: string) {
  return db.update(users).set({ appModuleName: name }).where(eq(users.id, userRowId));
}
