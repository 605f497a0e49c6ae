import { NOTIFICATION_PREFERENCES_PATH } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationRatings, conversations, jobs, mailOutbox, users } from '../../db/schema/index.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { DIGEST_QUEUE, digestJobHandler, planWeeklyDigest, weekStartOf } from './digest-job.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('weekly digest on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  /** Monday 2026-11-09 00:00 UTC: the reported week. */
  const week = Date.UTC(2026, 10, 9);
  let adminEmail: string;
  let otherAdminEmail: string;

  const userRow = async (tenant: Tenant, userId: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, userId)))
    )[0]!;

  const savePreferences = (tenant: Tenant, weeklyDigest: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: NOTIFICATION_PREFERENCES_PATH,
      headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
      payload: {
        sound: 'eventually',
        browserNotifications: false,
        notifyOn: { newConversation: true, customerMessage: true, assignedToMe: true, weeklyDigest },
      },
    });

  beforeAll(async () => {
    adminEmail = (await userRow(a, a.adminUserName)).email!;
    otherAdminEmail = (await userRow(b, b.adminUserName)).email!;
    expect((await savePreferences(a, true)).statusCode).toBe(200);
    expect((await savePreferences(b, false)).statusCode).toBe(200);
    const v = await userRow(a, (await newVisitor(t, a)).userId);
    // Two conversations in the week (one answered in 3 min and resolved after 2 h, rated 4), one before.
    const at = (ms: number) => new Date(week + ms);
    const [c1] = await t.database.db
      .insert(conversations)
      .values([
        {
          applicationId: a.applicationId,
          clientGroupId: 'digest-1',
          name: 'Refund',
          status: 2,
          customerId: v.id,
          createdAt: at(DAY),
          firstCustomerMessageAt: at(DAY),
          firstResponseAt: at(DAY + 3 * MIN),
          resolvedAt: at(DAY + 2 * HOUR),
        },
        {
          applicationId: a.applicationId,
          clientGroupId: 'digest-2',
          name: 'Shipping',
          status: 0,
          customerId: v.id,
          createdAt: at(3 * DAY),
        },
        {
          applicationId: a.applicationId,
          clientGroupId: 'digest-0',
          name: 'Older',
          status: 0,
          customerId: v.id,
          createdAt: at(-DAY),
        },
      ])
      .returning();
    await t.database.db.insert(conversationRatings).values({
      conversationId: c1!.id,
      applicationId: a.applicationId,
      userId: v.id,
      rating: 4,
      createdAt: at(DAY + 3 * HOUR),
      updatedAt: at(DAY + 3 * HOUR),
    });
  });

  it("mails the week's figures to the administrators who opted in, and plans next week", async () => {
    await digestJobHandler({ db: t.database.db })({
      id: 'digest-test',
      queue: DIGEST_QUEUE,
      applicationId: null,
      payload: { weekStart: week },
      attempts: 1,
      maxAttempts: 3,
    });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Weekly digest: week of 2026-11-09'));
    const mine = mails.filter((m) => m.to === adminEmail);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.applicationId).toBe(a.applicationId);
    expect(mine[0]!.status).toBe('queued');
    expect(mine[0]!.text).toContain('from 2026-11-09 to 2026-11-15');
    expect(mine[0]!.text).toContain('New conversations: 2\n');
    expect(mine[0]!.text).toContain('Still open: 1\n');
    expect(mine[0]!.text).toContain('Resolved: 1\n');
    expect(mine[0]!.text).toContain('Average first response: 3m');
    expect(mine[0]!.text).toContain('CSAT ratings: 1, average 4 / 5');
    // The administrator who did not opt in gets nothing.
    expect(mails.filter((m) => m.to === otherAdminEmail)).toHaveLength(0);

    const planned = await t.database.db.select().from(jobs).where(eq(jobs.queue, DIGEST_QUEUE));
    const next = planned.find((j) => (j.payload as { weekStart?: number }).weekStart === week + 7 * DAY);
    expect(next?.runAt.getTime()).toBe(week + 14 * DAY + 8 * HOUR);
  });

  it('plans one digest at a time and finds the week of any moment', async () => {
    expect(weekStartOf(week + 6 * DAY + 23 * HOUR)).toBe(week);
    expect(weekStartOf(week)).toBe(week);
    const count = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.queue, DIGEST_QUEUE))).filter(
        (j) => j.status === 'pending',
      ).length;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(1);
    await planWeeklyDigest(t.database.db, week);
    expect(await count()).toBe(before);
  });
});
