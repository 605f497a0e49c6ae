import { and, eq } from 'drizzle-orm';
import { crmConnections, crmLinks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The CRM module's tables: connections (sealed settings, status) and links (what a conversation
// became at a provider). Every read and write names the application.

export type CrmConnectionRow = typeof crmConnections.$inferSelect;
export type CrmLinkRow = typeof crmLinks.$inferSelect;

export async function listConnections(db: Db, applicationId: string): Promise<CrmConnectionRow[]> {
  return db.select().from(crmConnections).where(eq(crmConnections.applicationId, applicationId));
}

export async function findConnection(
  db: Db,
  applicationId: string,
  provider: string,
): Promise<CrmConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(crmConnections)
    .where(and(eq(crmConnections.applicationId, applicationId), eq(crmConnections.provider, provider)));
  return row;
}

export async function upsertConnection(
  db: Db,
  row: Omit<typeof crmConnections.$inferInsert, 'updatedAt'>,
): Promise<CrmConnectionRow> {
  const values = { ...row, updatedAt: new Date() };
  const [saved] = await db
    .insert(crmConnections)
    .values(values)
    .onConflictDoUpdate({ target: [crmConnections.applicationId, crmConnections.provider], set: values })
    .returning();
  if (!saved) throw new Error('crm connection not saved');
  return saved;
}

export async function setStatus(
  db: Db,
  applicationId: string,
  provider: string,
  status: 'connected' | 'reconnect',
  lastError: string | null,
): Promise<void> {
  await db
    .update(crmConnections)
    .set({ status, lastError, updatedAt: new Date() })
    .where(and(eq(crmConnections.applicationId, applicationId), eq(crmConnections.provider, provider)));
}

export async function deleteConnection(db: Db, applicationId: string, provider: string): Promise<boolean> {
  const gone = await db
    .delete(crmConnections)
    .where(and(eq(crmConnections.applicationId, applicationId), eq(crmConnections.provider, provider)))
    .returning({ provider: crmConnections.provider });
  return gone.length > 0;
}

export async function listLinks(
  db: Db,
  applicationId: string,
  conversationId: number,
): Promise<CrmLinkRow[]> {
  return db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.applicationId, applicationId), eq(crmLinks.conversationId, conversationId)));
}

export async function findLink(
  db: Db,
  applicationId: string,
  conversationId: number,
  provider: string,
): Promise<CrmLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(crmLinks)
    .where(
      and(
        eq(crmLinks.applicationId, applicationId),
        eq(crmLinks.conversationId, conversationId),
        eq(crmLinks.provider, provider),
      ),
    );
  return row;
}

/** The latest of a conversation at a provider (a CRM logs each resolve; the newest is kept). */
export async function saveLink(
  db: Db,
  row: Omit<typeof crmLinks.$inferInsert, 'id' | 'syncedAt'>,
): Promise<CrmLinkRow> {
  const values = { ...row, syncedAt: new Date() };
  const [saved] = await db
    .insert(crmLinks)
    .values(values)
    .onConflictDoUpdate({
      target: [crmLinks.applicationId, crmLinks.conversationId, crmLinks.provider],
      set: values,
    })
    .returning();
  if (!saved) throw new Error('crm link not saved');
  return saved;
}
