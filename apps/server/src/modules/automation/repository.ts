import { and, desc, eq, sql } from 'drizzle-orm';
import { automationApiKeys, automationDeliveries, automationHooks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place the automation connector's tables are read or written; every query names the
// application the rows belong to (the key lookup finds it from the key's hash).

export type ApiKeyRow = typeof automationApiKeys.$inferSelect;
export type HookRow = typeof automationHooks.$inferSelect;
export type DeliveryRow = typeof automationDeliveries.$inferSelect;

export async function findKey(db: Db, applicationId: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(automationApiKeys)
    .where(eq(automationApiKeys.applicationId, applicationId))
    .limit(1);
  return row;
}

/** The key a request presented, by the SHA-256 of what it sent (unique: one application). */
export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(automationApiKeys)
    .where(eq(automationApiKeys.keyHash, keyHash))
    .limit(1);
  return row;
}

/** Makes or replaces the application's key: the old one stops working at once. */
export async function upsertKey(
  db: Db,
  values: Pick<ApiKeyRow, 'applicationId' | 'keyHash' | 'hint' | 'signingSecretSealed' | 'createdBy'>,
): Promise<ApiKeyRow> {
  const set = { ...values, createdAt: new Date() };
  const [row] = await db
    .insert(automationApiKeys)
    .values(set)
    .onConflictDoUpdate({ target: automationApiKeys.applicationId, set })
    .returning();
  return row!;
}

export async function listHooks(db: Db, applicationId: string): Promise<HookRow[]> {
  return db
    .select()
    .from(automationHooks)
    .where(eq(automationHooks.applicationId, applicationId))
    .orderBy(automationHooks.createdAt, automationHooks.id);
}

export async function countHooks(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(automationHooks)
    .where(eq(automationHooks.applicationId, applicationId));
  return row?.n ?? 0;
}

/** The hooks subscribed to one event (runs inside the transaction of every change that raises it). */
export async function listHooksFor(db: Db, applicationId: string, event: string): Promise<HookRow[]> {
  return db
    .select()
    .from(automationHooks)
    .where(and(eq(automationHooks.applicationId, applicationId), eq(automationHooks.event, event)));
}

export async function insertHook(
  db: Db,
  values: { applicationId: string; event: string; targetUrl: string },
): Promise<HookRow> {
  const [row] = await db.insert(automationHooks).values(values).returning();
  return row!;
}

export async function deleteHook(db: Db, applicationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationHooks)
    .where(and(eq(automationHooks.applicationId, applicationId), eq(automationHooks.id, id)))
    .returning({ id: automationHooks.id });
  return rows.length > 0;
}

export async function insertDeliveries(
  db: Db,
  values: readonly {
    id: string;
    applicationId: string;
    hookId: string;
    event: string;
    targetUrl: string;
    payload: Record<string, unknown>;
  }[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insert(automationDeliveries).values([...values]);
}

/** A delivery with its hook's signing secret (the hook null once unsubscribed). */
export async function findDelivery(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({
      delivery: automationDeliveries,
      hook: automationHooks,
      signingSecretSealed: automationApiKeys.signingSecretSealed,
    })
    .from(automationDeliveries)
    .leftJoin(automationHooks, eq(automationHooks.id, automationDeliveries.hookId))
    .leftJoin(automationApiKeys, eq(automationApiKeys.applicationId, automationDeliveries.applicationId))
    .where(and(eq(automationDeliveries.applicationId, applicationId), eq(automationDeliveries.id, id)))
    .limit(1);
  return row;
}

export async function updateDelivery(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'deliveredAt'>>,
): Promise<void> {
  await db
    .update(automationDeliveries)
    .set(values)
    .where(and(eq(automationDeliveries.applicationId, applicationId), eq(automationDeliveries.id, id)));
}

/** One page of the usage table, newest first, with the total. */
/**
 * One page of the application's deliveries and how many came to each status, read in one
 * snapshot: read apart, a delivery finishing between the two reads showed a row still
 * "retrying" beside a summary with nothing pending.
 */
export async function deliveriesSnapshot(db: Db, applicationId: string, offset: number, limit: number) {
  const where = eq(automationDeliveries.applicationId, applicationId);
  return db.transaction(
    async (tx) => {
      const items = await tx
        .select()
        .from(automationDeliveries)
        .where(where)
        .orderBy(desc(automationDeliveries.createdAt), desc(automationDeliveries.id))
        .offset(offset)
        .limit(limit);
      const rows = await tx
        .select({ status: automationDeliveries.status, n: sql<number>`count(*)::int` })
        .from(automationDeliveries)
        .where(where)
        .groupBy(automationDeliveries.status);
      const counts = new Map(rows.map((r) => [r.status, r.n]));
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      return { items, total, counts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
