import { and, eq } from 'drizzle-orm';
import { twoFactorSecrets } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export async function find(db: Db, applicationId: string, userId: string, forUpdate = false) {
  const q = db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.applicationId, applicationId), eq(twoFactorSecrets.userId, userId)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** A new pending secret (set-up not confirmed yet) replaces any pending one. */
export async function savePending(db: Db, applicationId: string, userId: string, sealedSecret: string) {
  await db
    .insert(twoFactorSecrets)
    .values({ userId, applicationId, sealedSecret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { sealedSecret, enabledAt: null, lastStep: 0, recoveryCodeHashes: [], updatedAt: new Date() },
    });
}

export async function update(
  db: Db,
  applicationId: string,
  userId: string,
  values: Partial<Pick<TwoFactorRow, 'enabledAt' | 'lastStep' | 'recoveryCodeHashes'>>,
) {
  await db
    .update(twoFactorSecrets)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(twoFactorSecrets.applicationId, applicationId), eq(twoFactorSecrets.userId, userId)));
}

export async function remove(db: Db, applicationId: string, userId: string) {
  await db
    .delete(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.applicationId, applicationId), eq(twoFactorSecrets.userId, userId)));
}
