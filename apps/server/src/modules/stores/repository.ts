import { and, eq } from 'drizzle-orm';
import { storeConnections } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only Drizzle user of the stores module: one connection per application and provider.

export type StoreConnectionRow = typeof storeConnections.$inferSelect;

export function listConnections(db: Db, applicationId: string): Promise<StoreConnectionRow[]> {
  return db.select().from(storeConnections).where(eq(storeConnections.applicationId, applicationId));
}

export async function findConnection(db: Db, applicationId: string, provider: string) {
  const [row] = await db
    .select()
    .from(storeConnections)
    .where(and(eq(storeConnections.applicationId, applicationId), eq(storeConnections.provider, provider)))
    .limit(1);
  return row;
}

export async function upsertConnection(
  db: Db,
  row: Omit<StoreConnectionRow, 'connectedAt'>,
): Promise<StoreConnectionRow> {
  const [saved] = await db
    .insert(storeConnections)
    .values({ ...row, connectedAt: new Date() })
    .onConflictDoUpdate({
      target: [storeConnections.applicationId, storeConnections.provider],
      set: {
        store: row.store,
        displayName: row.displayName,
        tokenSealed: row.tokenSealed,
        state: row.state,
        widgetInstalled: row.widgetInstalled,
        connectedAt: new Date(),
      },
    })
    .returning();
  if (!saved) throw new Error('store connection not saved');
  return saved;
}

export async function setState(db: Db, applicationId: string, provider: string, state: string) {
  await db
    .update(storeConnections)
    .set({ state })
    .where(and(eq(storeConnections.applicationId, applicationId), eq(storeConnections.provider, provider)));
}

export async function deleteConnection(db: Db, applicationId: string, provider: string): Promise<boolean> {
  const gone = await db
    .delete(storeConnections)
    .where(and(eq(storeConnections.applicationId, applicationId), eq(storeConnections.provider, provider)))
    .returning({ provider: storeConnections.provider });
  return gone.length > 0;
}
