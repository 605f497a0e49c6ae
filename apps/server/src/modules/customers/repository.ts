import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import { forgetSessionsOfUsers } from '../accounts/index.js';

// The application's end users (no role type). Deleted ones (status 3) are gone from every view.

export type CustomerRow = typeof users.$inferSelect;
const DELETED = 3;

function scope(applicationId: string): SQL {
  return and(eq(users.applicationId, applicationId), isNull(users.roleType), ne(users.status, DELETED))!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListFilter {
  search?: string | undefined;
  status?: number | undefined;
}

function where(applicationId: string, filter: ListFilter): SQL {
  const parts: SQL[] = [scope(applicationId)];
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    parts.push(or(ilike(users.displayName, like), ilike(users.userId, like), ilike(users.email, like))!);
  }
  if (filter.status !== undefined) parts.push(eq(users.status, filter.status));
  return and(...parts)!;
}

export async function listCustomers(
  db: Db,
  applicationId: string,
  filter: ListFilter,
  offset: number,
  limit: number,
) {
  const condition = where(applicationId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), asc(users.userId))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Keyset page for the export: every customer, in a stable order, without large offsets. */
export async function customersAfter(db: Db, applicationId: string, afterUserId: string, limit: number) {
  return db
    .select()
    .from(users)
    .where(and(scope(applicationId), sql`${users.userId} > ${afterUserId}`))
    .orderBy(asc(users.userId))
    .limit(limit);
}

export async function findCustomer(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(scope(applicationId), eq(users.userId, userId)))
    .limit(1);
  return row;
}

export async function updateCustomer(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<CustomerRow, 'displayName' | 'email' | 'contactNumber' | 'metadata'>>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.applicationId, applicationId), eq(users.id, id)));
}

/** Which of these user ids exist in the application, and whether as a member. */
export async function existing(db: Db, applicationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.userId,
      roleType: users.roleType,
      status: users.status,
      metadata: users.metadata,
    })
    .from(users)
    .where(and(eq(users.applicationId, applicationId), inArray(users.userId, [...userIds])));
}

export interface ImportValues {
  userId: string;
  displayName: string | undefined;
  email: string | undefined;
  contactNumber: string | undefined;
  metadata: Record<string, string>;
}

/** Creates the new customers; returns the user ids created (a concurrent import may win a few). */
export async function insertCustomers(db: Db, applicationId: string, rows: readonly ImportValues[]) {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(users)
    .values(
      rows.map((r) => ({
        applicationId,
        userId: r.userId,
        displayName: r.displayName ?? r.userId,
        email: r.email ?? null,
        contactNumber: r.contactNumber ?? null,
        metadata: r.metadata,
        authenticationTypeId: 0,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: users.userId });
  return inserted.map((r) => r.userId);
}

/** Updates an existing customer from an import row: given fields replace, attributes merge. */
export async function updateFromImport(
  db: Db,
  applicationId: string,
  r: ImportValues,
  merged: Record<string, string>,
) {
  await db
    .update(users)
    .set({
      ...(r.displayName === undefined ? {} : { displayName: r.displayName }),
      ...(r.email === undefined ? {} : { email: r.email }),
      ...(r.contactNumber === undefined ? {} : { contactNumber: r.contactNumber }),
      metadata: merged,
      status: sql`case when ${users.status} = ${DELETED} then 0 else ${users.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, r.userId), isNull(users.roleType)));
}

/** Every end user of the application marked deleted, in one statement: their ids. */
export async function softDeleteAll(db: Db, applicationId: string) {
  const rows = await db
    .update(users)
    .set({ status: DELETED, updatedAt: new Date() })
    .where(scope(applicationId))
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  forgetSessionsOfUsers(ids);
  return ids;
}

export async function softDelete(db: Db, applicationId: string, userIds: readonly string[]) {
  const rows = await db
    .update(users)
    .set({ status: DELETED, updatedAt: new Date() })
    .where(and(scope(applicationId), inArray(users.userId, [...userIds])))
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  forgetSessionsOfUsers(ids);
  return ids;
}
