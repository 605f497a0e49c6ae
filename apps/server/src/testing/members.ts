import { DEFAULT_TEAM, type RoleType } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { appSettings, users } from '../db/schema/index.js';
import { addMember } from '../modules/accounts/provision.js';
import { insertSession, insertTeamMembers } from '../modules/accounts/repository.js';
import { forgetSessionsOfUsers } from '../modules/accounts/session-cache.js';
import { findTeam } from '../modules/teams/repository.js';
import { randomToken, sha256 } from '../platform/crypto.js';
import type { Database } from '../platform/db/database.js';

// Test set-up that the team screens will do through the API (issue 6): members and settings.

export async function addTestMember(
  database: Database,
  applicationId: string,
  roleType: RoleType,
  status = 1,
  name?: string,
) {
  const tag = Math.random().toString(36).slice(2, 8);
  const user = await addMember(database.db, applicationId, {
    email: `m-${roleType}-${tag}@example.com`,
    name: name ?? `Member ${tag}`,
    passwordHash: null,
    roleType,
  });
  await database.db.update(users).set({ status }).where(eq(users.id, user.id));
  return { ...user, status };
}

export async function setUserStatus(database: Database, userId: string, status: number) {
  await database.db.update(users).set({ status }).where(eq(users.id, userId));
  // Edited by hand, not through a repository that would say so.
  forgetSessionsOfUsers([userId]);
}

export async function updateSettings(
  database: Database,
  applicationId: string,
  values: Partial<typeof appSettings.$inferInsert>,
) {
  await database.db.update(appSettings).set(values).where(eq(appSettings.applicationId, applicationId));
}

export async function joinDefaultTeam(database: Database, applicationId: string, userId: string) {
  const team = await findTeam(database.db, applicationId, DEFAULT_TEAM.clientGroupId);
  await insertTeamMembers(database.db, [{ teamId: team!.id, userId, applicationId }]);
}

/** A session of an hour for the user: its token. */
async function sessionOf(
  database: Database,
  userId: string,
  applicationId: string,
  kind: 'web' | 'messaging',
) {
  const token = randomToken();
  await insertSession(database.db, {
    tokenHash: sha256(token),
    userId,
    applicationId,
    kind,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** A member of the application with a live session: their user row and a product-API header. */
export async function signedInMember(database: Database, applicationId: string, roleType: RoleType) {
  const user = await addTestMember(database, applicationId, roleType);
  const token = await sessionOf(database, user.id, applicationId, 'web');
  return { user, token, headers: { authorization: `Bearer ${token}` } as Record<string, string> };
}

/**
 * A member of the application signed in to the messaging API (a dashboard agent, or a bot with
 * role 3): their user row, their messaging userId, the session token and the X-Authorization
 * headers.
 */
export async function messagingMember(
  database: Database,
  applicationId: string,
  roleType: RoleType,
  opts: { status?: number; name?: string } = {},
) {
  const user = await addTestMember(database, applicationId, roleType, opts.status, opts.name);
  const token = await sessionOf(database, user.id, applicationId, 'messaging');
  return {
    user,
    id: user.id,
    userId: user.userId,
    token,
    headers: { 'x-authorization': token, 'application-key': applicationId } as Record<string, string>,
  };
}
