import { and, desc, eq, like, not, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookSecurity, webhooks } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// The only place webhooks and their delivery log are read or written; every query names the
// application the rows belong to.

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type SecurityRow = typeof webhookSecurity.$inferSelect;

export async function findSecurity(db: Db, applicationId: string): Promise<SecurityRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookSecurity)
    .where(eq(webhookSecurity.applicationId, applicationId))
    .limit(1);
  return row;
}

export async function upsertSecurity(
  db: Db,
  applicationId: string,
  values: Partial<Pick<SecurityRow, 'requireHttps' | 'authHeaderName' | 'authHeaderSealed'>>,
): Promise<SecurityRow> {
  const [row] = await db
    .insert(webhookSecurity)
    .values({ applicationId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: webhookSecurity.applicationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Webhooks of the application whose URL is plain http (they block requiring https). */
export async function countInsecureWebhooks(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(and(eq(webhooks.applicationId, applicationId), like(webhooks.url, 'http:%')));
  return row?.n ?? 0;
}

/** Replaces a plain secret by its sealed form, only if nobody changed it meanwhile (updatedAt kept). */
export async function replacePlainSecret(
  db: Db,
  id: string,
  plain: string,
  sealed: string,
): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ secret: sealed })
    .where(and(eq(webhooks.id, id), eq(webhooks.secret, plain)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Every application's webhooks still holding a plain secret (written before secrets were sealed). */
export async function listUnsealedSecrets(db: Db, limit: number) {
  return db
    .select({ id: webhooks.id, applicationId: webhooks.applicationId, secret: webhooks.secret })
    .from(webhooks)
    .where(not(like(webhooks.secret, 'sealed:%')))
    .limit(limit);
}

export async function listWebhooks(db: Db, applicationId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.applicationId, applicationId))
    .orderBy(webhooks.createdAt, webhooks.id);
}

export async function countWebhooks(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhooks)
    .where(eq(webhooks.applicationId, applicationId));
  return row?.n ?? 0;
}

export async function findWebhook(
  db: Db,
  applicationId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.applicationId, applicationId), eq(webhooks.id, id)))
    .limit(1);
  return row;
}

/** Enabled webhooks of the application subscribed to an event (runs inside every message send). */
export async function listSubscribedWebhooks(db: Db, applicationId: string, event: string) {
  return db.select({ id: webhooks.id }).from(webhooks).where(subscribedTo(applicationId, event));
}

function subscribedTo(applicationId: string, event: string) {
  return and(
    eq(webhooks.applicationId, applicationId),
    eq(webhooks.enabled, true),
    sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`,
  );
}

export async function insertWebhook(
  db: Db,
  values: { applicationId: string; url: string; secret: string; events: string[] },
): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function updateWebhook(
  db: Db,
  applicationId: string,
  id: string,
  values: Partial<Pick<WebhookRow, 'url' | 'enabled' | 'events' | 'secret'>>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhooks.applicationId, applicationId), eq(webhooks.id, id)))
    .returning();
  return row;
}

/** Deletes the webhook; its delivery log goes with it (ON DELETE CASCADE). */
export async function deleteWebhook(db: Db, applicationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.applicationId, applicationId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export async function insertDelivery(
  db: Db,
  values: {
    applicationId: string;
    webhookId: string;
    eventType: string;
    messageId: number | null;
    payload: Record<string, unknown>;
  },
): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

/**
 * A delivery with the webhook it goes to and the application's webhooks security (null when the
 * webhook was deleted meanwhile; `security` null when the application kept the defaults).
 */
export async function findDeliveryWithWebhook(db: Db, applicationId: string, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks, security: webhookSecurity })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .leftJoin(webhookSecurity, eq(webhookSecurity.applicationId, webhooks.applicationId))
    .where(and(eq(webhookDeliveries.applicationId, applicationId), eq(webhookDeliveries.id, id)))
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
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.applicationId, applicationId), eq(webhookDeliveries.id, id)));
}

/** The delivery log of one webhook, newest first. */
export async function listDeliveries(
  db: Db,
  applicationId: string,
  webhookId: string,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.applicationId, applicationId), eq(webhookDeliveries.webhookId, webhookId)),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
