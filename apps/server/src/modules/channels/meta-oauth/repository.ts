import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { metaOAuthPending } from '../../../db/schema/index.js';
import type { Db } from '../../../platform/db/database.js';

// The only place Facebook Login's pending answers are read or written; always by their member.

export type PendingRow = typeof metaOAuthPending.$inferSelect;

/** Stores a login's answer (and forgets the expired ones, which nobody can pick any more). */
export async function insertPending(
  db: Db,
  values: {
    applicationId: string;
    userId: string;
    kind: string;
    sealedAccounts: string | null;
    errorCode: string | null;
    errorMessage: string | null;
    expiresAt: Date;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.delete(metaOAuthPending).where(lt(metaOAuthPending.expiresAt, sql`now()`));
    const [row] = await tx.insert(metaOAuthPending).values(values).returning({ id: metaOAuthPending.id });
    return row!.id;
  });
}

/** The member's own pending answer, while it lasts. */
export async function findPending(
  db: Db,
  id: string,
  applicationId: string,
  userId: string,
): Promise<PendingRow | undefined> {
  const [row] = await db
    .select()
    .from(metaOAuthPending)
    .where(
      and(
        eq(metaOAuthPending.id, id),
        eq(metaOAuthPending.applicationId, applicationId),
        eq(metaOAuthPending.userId, userId),
        gt(metaOAuthPending.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

export async function deletePending(db: Db, id: string, applicationId: string): Promise<void> {
  await db
    .delete(metaOAuthPending)
    .where(and(eq(metaOAuthPending.id, id), eq(metaOAuthPending.applicationId, applicationId)));
}
