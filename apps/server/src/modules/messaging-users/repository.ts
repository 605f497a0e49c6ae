import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the messaging API's user queries run; every query names its application.

export type UserRow = typeof users.$inferSelect;

const DELETED = 3;

export interface UserListFilter {
  /** Role types to keep; empty or undefined for every member and end user. */
  roleTypes?: readonly string[] | undefined;
  /** Only the application's end users (no role type). */
  customersOnly?: boolean | undefined;
  /** User statuses to keep (SPEC §4: away 0, online 1, expired 2); deleted ones never show. */
  statuses?: readonly number[] | undefined;
  /** Display name, userId or e-mail containing this, case-insensitively. */
  query?: string | undefined;
  /** Only users who registered through this app module. */
  appModuleName?: string | undefined;
  startIndex: number;
  pageSize: number;
}

/** One page of the application's users (deleted ones left out), newest first, with the total. */
export async function listUsers(db: Db, applicationId: string, f: UserListFilter) {
  const where = and(
    eq(users.applicationId, applicationId),
    ne(users.status, DELETED),
    f.customersOnly ? isNull(users.roleType) : undefined,
    !f.customersOnly && f.roleTypes && f.roleTypes.length > 0
      ? inArray(users.roleType, [...f.roleTypes])
      : undefined,
    f.statuses && f.statuses.length > 0 ? inArray(users.status, [...f.statuses]) : undefined,
    f.query ? containsText(f.query) : undefined,
    f.appModuleName ? eq(users.appModuleName, f.appModuleName) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.userId))
      .limit(f.pageSize)
      .offset(f.startIndex),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

function containsText(q: string) {
  const pattern = `%${likeLiteral(q)}%`;
  return or(
    sql`${users.displayName} ILIKE ${pattern}`,
    sql`${users.userId} ILIKE ${pattern}`,
    sql`${users.email} ILIKE ${pattern}`,
  );
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Users whose display name, userId or e-mail contains `q` (case-insensitive), deleted ones left
 * out; those starting with it first, then by name.
 */
export async function searchUsers(db: Db, applicationId: string, q: string, limit: number) {
  const contains = `%${likeLiteral(q)}%`;
  const starts = `${likeLiteral(q)}%`;
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        ne(users.status, DELETED),
        or(
          sql`${users.displayName} ilike ${contains}`,
          sql`${users.userId} ilike ${contains}`,
          sql`${users.email} ilike ${contains}`,
        ),
      ),
    )
    .orderBy(
      desc(sql`(${users.displayName} ilike ${starts} or ${users.userId} ilike ${starts})`),
      asc(sql`lower(${users.displayName})`),
      asc(users.userId),
    )
    .limit(limit);
}

export async function findUsersByUserIds(db: Db, applicationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.userId, [...userIds])));
}

/** Another member of the application using this e-mail address. */
export async function findOtherMemberWithEmail(
  db: Db,
  applicationId: string,
  email: string,
  exceptId: string,
) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        isNotNull(users.roleType),
        sql`lower(${users.email}) = lower(${email})`,
        ne(users.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export interface ProfileChange {
  displayName?: string | undefined;
  email?: string | undefined;
  imageLink?: string | undefined;
  /** Merged into the stored metadata (keys given replace, others stay). */
  metadata?: Record<string, string> | undefined;
}

export async function updateProfile(db: Db, applicationId: string, id: string, change: ProfileChange) {
  const [row] = await db
    .update(users)
    .set({
      ...(change.displayName !== undefined ? { displayName: change.displayName } : {}),
      ...(change.email !== undefined ? { email: change.email } : {}),
      ...(change.imageLink !== undefined ? { imageLink: change.imageLink } : {}),
      ...(change.metadata !== undefined
        ? { metadata: sql`${users.metadata} || ${JSON.stringify(change.metadata)}::jsonb` }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)))
    .returning();
  return row;
}

/**
 * Sets an available user's status (away 0 / online 1). A disabled user (expired 2, deleted 3) is
 * left as is: the answer is then undefined.
 */
export async function setAvailability(db: Db, applicationId: string, id: string, status: 0 | 1) {
  const [row] = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id), inArray(users.status, [0, 1])))
    .returning();
  return row;
}

// Single-user look-ups are the accounts module's.
export { findUserById, findUserInApplication as findUserByUserId } from '../accounts/index.js';
