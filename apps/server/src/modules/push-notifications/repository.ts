import { and, asc, eq } from 'drizzle-orm';
import { pushSubscriptions, vapidKeys } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

/** The installation has one key pair, in row 1. */
const VAPID_ROW = 1;

export async function findVapidKeys(db: Db) {
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, VAPID_ROW)).limit(1);
  return row;
}

/** Inserts the pair unless another request stored one first; returns whichever is stored. */
export async function storeVapidKeysOnce(db: Db, keys: { publicKey: string; privateKey: string }) {
  await db
    .insert(vapidKeys)
    .values({ id: VAPID_ROW, ...keys })
    .onConflictDoNothing();
  return (await findVapidKeys(db))!;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

const own = (applicationId: string, userId: string) =>
  and(eq(pushSubscriptions.applicationId, applicationId), eq(pushSubscriptions.userId, userId));

export async function listSubscriptions(db: Db, applicationId: string, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(own(applicationId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/** One row per member and browser: subscribing again refreshes the keys and label. */
export async function upsertSubscription(
  db: Db,
  values: {
    applicationId: string;
    userId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    label: string;
  },
) {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [pushSubscriptions.userId, pushSubscriptions.endpoint],
      set: { p256dh: values.p256dh, auth: values.auth, label: values.label },
    })
    .returning();
  return row!;
}

export async function deleteSubscription(db: Db, applicationId: string, userId: string, id: string) {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(own(applicationId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
