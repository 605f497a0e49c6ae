import { INVITED_USER_STATUS, ROLE_TYPE, USER_STATUS } from '@convo/domain';
import { and, count, eq, gt, gte, isNotNull, ne, notInArray, sql, sum } from 'drizzle-orm';
import {
  applications,
  appSettings,
  billingActiveUsers,
  billingSubscriptions,
  billingUsage,
  billingWebhookEvents,
  bots,
  invitations,
  memberPreferences,
  users,
} from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';

// Billing's only database user: subscriptions, usage counters and the counts the limits compare.

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type NewSubscription = Omit<typeof billingSubscriptions.$inferInsert, 'updatedAt'>;

/** What the entitlements are computed from: the application, its subscription row and setting. */
export async function findBillingSource(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      application: applications,
      subscription: billingSubscriptions,
      companySetting: appSettings.companySetting,
    })
    .from(applications)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.applicationId, applications.id))
    .leftJoin(appSettings, eq(appSettings.applicationId, applications.id))
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row;
}
export type BillingSource = NonNullable<Awaited<ReturnType<typeof findBillingSource>>>;

/**
 * Writes the subscription and mirrors its plan onto the application row, which the session and
 * the older screens read (`subscriptionPlan`, `pricingVersion`).
 */
export async function saveSubscription(db: Db, values: NewSubscription): Promise<SubscriptionRow> {
  const row = { ...values, updatedAt: new Date() };
  const [saved] = await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({ target: billingSubscriptions.applicationId, set: row })
    .returning();
  await db
    .update(applications)
    .set({
      subscriptionPlan: values.plan,
      pricingVersion: values.pricingVersion,
      dueInvoiceCount: values.dueInvoiceCount ?? 0,
      paymentDueSince: values.dueSince ?? null,
      autoCollection: values.autoCollection ?? 'on',
    })
    .where(eq(applications.id, values.applicationId));
  return saved!;
}

/** 'YYYY-MM' of an instant, in UTC: the usage counters' period. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * End users this process has seen already counted in a period (their row existed when it inserted
 * again, so it is committed): their next messages skip the insert. Only facts the database
 * confirmed go in, so a rolled-back send can never leave a user uncounted. Bounded: cleared when full.
 */
const countedUsers = new Set<string>();
const COUNTED_USERS_MAX = 200_000;
const countedKey = (applicationId: string, period: string, userId: string) =>
  `${applicationId}\u0000${period}\u0000${userId}`;

/**
 * Counts sent messages and the month's new active end users, in the send's transaction: one
 * insert of the senders not yet known as counted (already-counted ones are skipped by the key) and
 * one upsert of the counters. Never reads the messages.
 */
export async function recordUsage(
  db: Db,
  applicationId: string,
  at: Date,
  messages: number,
  endUserIds: readonly string[],
): Promise<void> {
  if (messages <= 0) return;
  const period = usagePeriod(at);
  const unknown = endUserIds.filter((userId) => !countedUsers.has(countedKey(applicationId, period, userId)));
  let newUsers = 0;
  if (unknown.length > 0) {
    const inserted = await db
      .insert(billingActiveUsers)
      .values(unknown.map((userId) => ({ applicationId, period, userId })))
      .onConflictDoNothing()
      .returning({ userId: billingActiveUsers.userId });
    newUsers = inserted.length;
    const insertedIds = new Set(inserted.map((r) => r.userId));
    if (countedUsers.size >= COUNTED_USERS_MAX) countedUsers.clear();
    for (const userId of unknown) {
      if (!insertedIds.has(userId)) countedUsers.add(countedKey(applicationId, period, userId));
    }
  }
  await db
    .insert(billingUsage)
    .values({ applicationId, period, messages, mtu: newUsers })
    .onConflictDoUpdate({
      target: [billingUsage.applicationId, billingUsage.period],
      set: {
        messages: sql`${billingUsage.messages} + ${messages}`,
        mtu: sql`${billingUsage.mtu} + ${newUsers}`,
      },
    });
}

/** Messages and MTU summed over the periods from `fromPeriod` (inclusive) on. */
export async function usageSince(db: Db, applicationId: string, fromPeriod: string) {
  const [row] = await db
    .select({ messages: sum(billingUsage.messages), mtu: sum(billingUsage.mtu) })
    .from(billingUsage)
    .where(and(eq(billingUsage.applicationId, applicationId), gte(billingUsage.period, fromPeriod)));
  return { messages: Number(row?.messages ?? 0), mtu: Number(row?.mtu ?? 0) };
}

/** People holding a seat: members other than bots, neither deactivated nor deleted. */
export async function countSeatsUsed(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.applicationId, applicationId),
        isNotNull(users.roleType),
        ne(users.roleType, ROLE_TYPE.BOT),
        notInArray(users.status, [USER_STATUS.EXPIRED, USER_STATUS.DELETED]),
      ),
    );
  return row?.n ?? 0;
}

/** Invitations still open (each will take a seat once accepted). */
export async function countPendingInvitations(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.applicationId, applicationId),
        eq(invitations.status, INVITED_USER_STATUS.INVITED),
        gt(invitations.expiresAt, new Date()),
        ne(invitations.roleType, ROLE_TYPE.BOT),
      ),
    );
  return row?.n ?? 0;
}

export async function countAiAgents(db: Db, applicationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bots).where(eq(bots.applicationId, applicationId));
  return row?.n ?? 0;
}

/** The member's time zone preference (the currency follows it), or null. */
export async function memberTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: memberPreferences.timeZone })
    .from(memberPreferences)
    .where(eq(memberPreferences.userId, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Records a provider event; false when it was already recorded (a replay). */
export async function recordWebhookEvent(
  db: Db,
  provider: string,
  id: string,
  type: string,
): Promise<boolean> {
  const inserted = await db
    .insert(billingWebhookEvents)
    .values({ id, provider, type })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return inserted.length > 0;
}

export async function findSubscriptionByExternal(
  db: Db,
  by: { subscriptionId?: string | null; customerId?: string | null },
): Promise<SubscriptionRow | undefined> {
  const condition = by.subscriptionId
    ? eq(billingSubscriptions.externalSubscriptionId, by.subscriptionId)
    : by.customerId
      ? eq(billingSubscriptions.externalCustomerId, by.customerId)
      : undefined;
  if (!condition) return undefined;
  const [row] = await db.select().from(billingSubscriptions).where(condition).limit(1);
  return row;
}

export async function findSubscription(db: Db, applicationId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.applicationId, applicationId))
    .limit(1);
  return row;
}
