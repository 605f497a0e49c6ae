import { and, eq, gte, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { anyOf } from '../../platform/db/any-of.js';
import type { Db } from '../../platform/db/database.js';

// The application's customers as other modules read them (campaigns' audiences and recipients):
// a subquery they join their own tables to, so the users table is read here only. A customer is
// an end user (no role type); deleted ones are left out unless asked for.

const DELETED = 3;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CustomerFilter {
  /** Display name, userId or e-mail containing this, case-insensitively. */
  search?: string | undefined;
  lastSeenSince?: Date | undefined;
  /** Only these user ids. */
  userIds?: readonly string[] | undefined;
  /** A customer attribute (users.metadata) that must hold the value. */
  attribute?: { key: string; value: string } | undefined;
  /** Deleted customers too (a sent campaign's recipients still show). */
  withDeleted?: boolean | undefined;
}

function customersWhere(applicationId: string, filter: CustomerFilter): SQL {
  const parts: SQL[] = [eq(users.applicationId, applicationId)];
  if (!filter.withDeleted) parts.push(isNull(users.roleType), ne(users.status, DELETED));
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    parts.push(or(ilike(users.displayName, like), ilike(users.userId, like), ilike(users.email, like))!);
  }
  if (filter.lastSeenSince) parts.push(gte(users.lastLoggedInAt, filter.lastSeenSince));
  if (filter.userIds) parts.push(anyOf(users.userId, filter.userIds, 'text'));
  if (filter.attribute)
    parts.push(sql`${users.metadata} ->> ${filter.attribute.key} = ${filter.attribute.value}`);
  return and(...parts)!;
}

/** The customers the filter matches, as a subquery named `customers` to join to. */
export function customersSubquery(db: Db, applicationId: string, filter: CustomerFilter) {
  return db
    .select({
      id: users.id,
      userId: users.userId,
      displayName: users.displayName,
      email: users.email,
      contactNumber: users.contactNumber,
      lastLoggedInAt: users.lastLoggedInAt,
      metadata: users.metadata,
    })
    .from(users)
    .where(customersWhere(applicationId, filter))
    .as('customers');
}

/** A member of the application (role type set, not deleted): its row id, or undefined. */
export async function findMemberId(db: Db, applicationId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        eq(users.userId, userId),
        sql`${users.roleType} is not null`,
        ne(users.status, DELETED),
      ),
    )
    .limit(1);
  return row;
}
