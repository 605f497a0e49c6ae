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
 * The month's new active end users among a send's senders, in the send's transaction: one insert
 * of the senders not yet known as counted (already-counted ones are skipped by the key). Answers
 * how many were new; the counters themselves are added by the usage meter after the commit.
 * Never reads the messages.
 */
export async function countNewActiveUsers(
  db: Db,
  applicationId: string,
  period: string,
  endUserIds: readonly string[],
): Promise<number> {
  const unknown = endUserIds.filter((userId) => !countedUsers.has(countedKey(applicationId, period, userId)));
  if (unknown.length === 0) return 0;
  const inserted = await db
    .insert(billingActiveUsers)
    .values(unknown.map((userId) => ({ applicationId, period, userId })))
    .onConflictDoNothing()
    .returning({ userId: billingActiveUsers.userId });
  const insertedIds = new Set(inserted.map((r) => r.userId));
  if (countedUsers.size >= COUNTED_USERS_MAX) countedUsers.clear();
  for (const userId of unknown) {
    if (!insertedIds.has(userId)) countedUsers.add(countedKey(applicationId, period, userId));
  }
  return inserted.length;
}

export interface UsageIncrement {
  applicationId: string;
  period: string;
  messages: number;
  mtu: number;
}

/**
 * Adds increments to the counters in one statement: `count = count + delta`, so writers in several
 * processes add up. Rows go in key order (every writer locks them in the same order: no deadlock
 * between two processes' flushes), and an application that no longer exists is skipped rather than failing
 * the others.
 */
export async function addUsage(db: Db, rows: readonly UsageIncrement[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.applicationId}::text, ${r.period}::text, ${r.messages}::integer, ${r.mtu}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${billingUsage} (application_id, period, messages, mtu)
    select v.application_id, v.period, v.messages, v.mtu
    from (values ${values}) as v(application_id, period, messages, mtu)
    join ${applications} a on a.id = v.application_id
    order by v.application_id, v.period
    on conflict (application_id, period) do update set
      messages = ${billingUsage}.messages + excluded.messages,
      mtu = ${billingUsage}.mtu + excluded.mtu`);
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

/** The overage add-on's packs of an application's subscription. */
export async function updateAddonPacks(db: Db, applicationId: string, packs: number): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set({ addonPacks: packs, updatedAt: new Date() })
    .where(eq(billingSubscriptions.applicationId, applicationId));
}
