import { and, eq, gt } from 'drizzle-orm';
import { applications, sessions, users } from '../db/schema/index.js';
import type { Db } from '../platform/db/database.js';

// Reads and writes of payload encryption (SPEC §7): what a session's application asks for, and the
// user's key. The only place payload encryption touches the database.

export interface SessionEncryption {
  applicationId: string;
  enabled: boolean;
  type: number;
  userKey: string;
}

/** The encryption settings behind a live session token (by its hash); one indexed query. */
export async function findSessionEncryption(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<SessionEncryption | undefined> {
  const [row] = await db
    .select({
      applicationId: applications.id,
      enabled: applications.encryptionEnabled,
      type: applications.encryptionType,
      userKey: users.userKey,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(applications, eq(applications.id, sessions.applicationId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Whether an application encrypts its payloads (false for one that does not exist). */
export async function isApplicationEncrypted(db: Db, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: applications.encryptionEnabled })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row?.enabled === true;
}

/** Turns payload encryption on or off for an application (type 5: AES-256, otherwise AES-128). */
export async function setApplicationEncryption(
  db: Db,
  applicationId: string,
  settings: { enabled: boolean; type: number },
): Promise<void> {
  await db
    .update(applications)
    .set({ encryptionEnabled: settings.enabled, encryptionType: settings.type })
    .where(eq(applications.id, applicationId));
}
