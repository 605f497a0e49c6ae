import { and, count, desc, eq, gt, gte, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  applications,
  appSettings,
  customers,
  oneTimeCodes,
  sessions,
  tags,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { preparedPerDatabase } from '../../platform/db/prepared.js';
import { forgetSessionsOfUsers, forgetSessionToken } from './session-cache.js';

// The only place accounts data is read or written. Every query names its application where the
// data belongs to a tenant.

export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type AppSettingsRow = typeof appSettings.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

export async function insertCustomer(db: Db, values: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

/** Companies signed up with `domain` since `since` (the frequent-sign-ups count; indexed). */
export async function countSignupsOfDomain(db: Db, domain: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(and(eq(customers.emailDomain, domain), gte(customers.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertApplication(
  db: Db,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertTeam(db: Db, values: typeof teams.$inferInsert) {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function insertTeamMembers(db: Db, rows: (typeof teamMembers.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(teamMembers).values(rows);
}

export async function insertTags(db: Db, applicationId: string, names: readonly string[]) {
  if (names.length > 0) await db.insert(tags).values(names.map((name) => ({ applicationId, name })));
}

export async function insertAppSettings(db: Db, values: typeof appSettings.$inferInsert) {
  await db.insert(appSettings).values(values);
}

export async function countApplications(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(applications);
  return row?.n ?? 0;
}

/** The install's first application (the operator's own workspace on a self-hosted server). */
export async function firstApplicationId(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(isNull(applications.disabledAt))
    .orderBy(applications.createdAt, applications.id)
    .limit(1);
  return row?.id ?? null;
}

/** The install's application when it has exactly one (the operator command's default), else null. */
export async function onlyApplicationId(db: Db): Promise<string | null> {
  const rows = await db.select({ id: applications.id }).from(applications).limit(2);
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}

/**
 * Dashboard members (not end users) with this sign-in name: the application signed in to last
 * first (so a person with several applications signs in where they last worked), then newest.
 */
export async function findMembersByUserName(db: Db, userName: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.userId, userName), isNotNull(users.roleType)))
    .orderBy(sql`${users.lastLoggedInAt} desc nulls last`, desc(users.createdAt));
}

export async function findMemberByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.roleType)))
    .orderBy(desc(users.createdAt))
    .limit(1);
  return row;
}

export async function findUserInApplication(
  db: Db,
  applicationId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, userId)))
    .limit(1);
  return row;
}

export async function findUserByEmailInApplication(db: Db, applicationId: string, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.email, email)))
    .limit(1);
  return row;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
  forgetSessionsOfUsers([id]);
}

export async function findApplication(db: Db, applicationId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
  return row;
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

export async function findAppSettings(db: Db, applicationId: string): Promise<AppSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(appSettings)
    .where(eq(appSettings.applicationId, applicationId))
    .limit(1);
  return row;
}

/** The application, its settings and its default team's client group id, in one query. */
export async function findApplicationWithSettings(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      application: applications,
      settings: appSettings,
      defaultTeamClientGroupId: teams.clientGroupId,
    })
    .from(applications)
    .innerJoin(appSettings, eq(appSettings.applicationId, applications.id))
    .leftJoin(teams, eq(teams.id, appSettings.defaultTeamId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}

/** The owner of the application: its first super admin. */
export async function findAdminOfApplication(db: Db, applicationId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.roleType, '0')))
    .orderBy(users.createdAt)
    .limit(1);
  return row;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** A live session with its user and application, in one query (it runs on every request). */
// Every authenticated request runs this: built once per database handle and prepared, so neither
// the query builder nor the server's planner redo their work per request.
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users, application: applications })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(applications, eq(applications.id, sessions.applicationId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_live_session'),
);

export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await liveSessionQuery(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/** Deletes a session; returns whose it was (none when the token was unknown). */
export async function deleteSession(db: Db, tokenHash: string) {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId, applicationId: sessions.applicationId, kind: sessions.kind });
  forgetSessionToken(tokenHash);
  return row;
}

export async function deleteSessionsOfUser(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetSessionsOfUsers([userId]);
}

export async function insertCode(db: Db, values: typeof oneTimeCodes.$inferInsert) {
  await db.insert(oneTimeCodes).values(values);
}

/** Unused, unexpired codes of one purpose, newest first. */
export async function findLiveCodes(db: Db, userId: string, purpose: string, now: Date) {
  return db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(5);
}

export async function findLiveCodeByHash(db: Db, purpose: string, codeHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function bumpCodeAttempts(db: Db, id: string) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

export async function markCodesUsed(db: Db, userId: string, purpose: string) {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)),
    );
}

export async function findUserById(db: Db, applicationId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)))
    .limit(1);
  return row;
}

const SEED_LOCK_KEY = 727_001;
/** Transaction-scoped advisory lock serialising first-start seeding across nodes. */
export async function lockForSeeding(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
}

/**
 * Every membership of a person (members with this sign-in name, any application) with its
 * application, oldest application first; deleted or expired members and disabled applications
 * are left out.
 */
export async function findMembershipsOf(db: Db, userName: string) {
  return db
    .select({ user: users, application: applications })
    .from(users)
    .innerJoin(applications, eq(applications.id, users.applicationId))
    .where(
      and(
        eq(users.userId, userName),
        isNotNull(users.roleType),
        notInArray(users.status, [2, 3]),
        isNull(applications.disabledAt),
      ),
    )
    .orderBy(applications.createdAt, applications.id);
}

/** Marks one live code used and returns it; null when it is unknown, spent or expired (atomic). */
export async function claimLiveCode(db: Db, purpose: string, codeHash: string, now: Date) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, codeHash),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findMemberByUuid(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNotNull(users.roleType)))
    .limit(1);
  return row;
}
