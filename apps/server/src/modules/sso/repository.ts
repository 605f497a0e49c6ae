import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { ssoConnections, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type SsoRow = typeof ssoConnections.$inferSelect;

export async function find(db: Db, applicationId: string) {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.applicationId, applicationId))
    .limit(1);
  return row;
}

/** The enabled connection serving an e-mail domain (a domain belongs to one company at most). */
export async function findByDomain(db: Db, domain: string) {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(
      and(
        eq(ssoConnections.enabled, true),
        sql`${ssoConnections.allowedDomains} @> ${JSON.stringify([domain])}::jsonb`,
      ),
    )
    .limit(1);
  return row;
}

/** Another application that already claims one of these domains. */
export async function domainTakenElsewhere(db: Db, applicationId: string, domains: readonly string[]) {
  for (const domain of domains) {
    const [row] = await db
      .select({ applicationId: ssoConnections.applicationId })
      .from(ssoConnections)
      .where(
        and(
          ne(ssoConnections.applicationId, applicationId),
          sql`${ssoConnections.allowedDomains} @> ${JSON.stringify([domain])}::jsonb`,
        ),
      )
      .limit(1);
    if (row) return domain;
  }
  return null;
}

export async function upsert(db: Db, values: typeof ssoConnections.$inferInsert) {
  await db
    .insert(ssoConnections)
    .values(values)
    .onConflictDoUpdate({
      target: ssoConnections.applicationId,
      set: {
        issuer: values.issuer,
        clientId: values.clientId,
        sealedClientSecret: values.sealedClientSecret,
        allowedDomains: values.allowedDomains ?? [],
        enabled: values.enabled ?? true,
        updatedAt: new Date(),
      },
    });
}

export async function remove(db: Db, applicationId: string) {
  await db.delete(ssoConnections).where(eq(ssoConnections.applicationId, applicationId));
}

/** The member of this application with this e-mail. */
export async function findMember(db: Db, applicationId: string, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.email, email), isNotNull(users.roleType)))
    .limit(1);
  return row;
}
