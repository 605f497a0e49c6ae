import { and, desc, eq } from 'drizzle-orm';
import { applications, customers, invitations, users } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// Invitations of an application. Every query names the application, except the look-up by token
// hash (the token is the credential of a person who is not signed in yet).

export type InvitationRow = typeof invitations.$inferSelect;

export async function listInvitations(db: Db, applicationId: string) {
  return db
    .select({ invitation: invitations, inviterName: users.displayName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.applicationId, applicationId))
    .orderBy(desc(invitations.createdAt));
}

export async function findByEmail(db: Db, applicationId: string, email: string, forUpdate = false) {
  const q = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.applicationId, applicationId), eq(invitations.email, email)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findById(db: Db, applicationId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.applicationId, applicationId), eq(invitations.id, id)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function findByTokenHash(db: Db, tokenHash: string, forUpdate = false) {
  const q = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** What the invitation page shows: the company's name and who invited. */
export async function findContext(db: Db, invitation: InvitationRow) {
  const [company] = await db
    .select({ companyName: customers.companyName })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(eq(applications.id, invitation.applicationId))
    .limit(1);
  const [inviter] = invitation.invitedBy
    ? await db
        .select({ name: users.displayName })
        .from(users)
        .where(and(eq(users.applicationId, invitation.applicationId), eq(users.id, invitation.invitedBy)))
        .limit(1)
    : [];
  return { companyName: company?.companyName ?? '', inviterName: inviter?.name ?? null };
}

export async function upsertInvitation(
  db: Db,
  values: Pick<
    InvitationRow,
    'applicationId' | 'email' | 'roleType' | 'tokenHash' | 'invitedBy' | 'expiresAt'
  >,
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({ ...values, status: 0 })
    .onConflictDoUpdate({
      target: [invitations.applicationId, invitations.email],
      set: {
        roleType: values.roleType,
        tokenHash: values.tokenHash,
        invitedBy: values.invitedBy,
        expiresAt: values.expiresAt,
        status: 0,
        acceptedUserId: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export async function renewToken(
  db: Db,
  applicationId: string,
  id: string,
  tokenHash: string,
  expiresAt: Date,
) {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash, expiresAt, updatedAt: new Date() })
    .where(and(eq(invitations.applicationId, applicationId), eq(invitations.id, id)))
    .returning();
  return row;
}

export async function markSignedUp(db: Db, applicationId: string, id: string, userId: string) {
  await db
    .update(invitations)
    .set({ status: 1, acceptedUserId: userId, updatedAt: new Date() })
    .where(and(eq(invitations.applicationId, applicationId), eq(invitations.id, id)));
}

export async function deleteInvitation(db: Db, applicationId: string, id: string) {
  await db
    .delete(invitations)
    .where(and(eq(invitations.applicationId, applicationId), eq(invitations.id, id)));
}

/** The application's user with this sign-in name (member or end user), if any. */
export async function findUser(db: Db, applicationId: string, userName: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.applicationId, applicationId), eq(users.userId, userName)))
    .limit(1);
  return row;
}
