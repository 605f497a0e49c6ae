import { NOTIFICATION_PREFERENCES_PATH, TEAM_ADMIN_PATHS } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversationRatings, conversations, jobs, mailOutbox, users } from '../../db/schema/index.js';
import { signedInMember } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { DIGEST_QUEUE, digestJobHandler, nextHourAfter, planWeeklyDigest } from './digest-job.js';

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
  /** An admin of A in Los Angeles who reads the dashboard in French. */
  let frenchEmail: string;

  const userRow = async (tenant: Tenant, userId: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, userId)))
    )[0]!;

  const savePreferences = (
    tenant: Tenant,
    weeklyDigest: boolean,
    headers: Record<string, string> = { authorization: `Bearer ${tenant.admin['x-authorization']}` },
  ) =>
    t.app.inject({
      method: 'PUT',
      url: NOTIFICATION_PREFERENCES_PATH,
      headers,
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
    const french = await signedInMember(t.database, a.applicationId, '1');
    frenchEmail = french.user.email!;
    expect((await savePreferences(a, true, french.headers)).statusCode).toBe(200);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: TEAM_ADMIN_PATHS.profile,
      headers: french.headers,
      payload: { timeZone: 'America/Los_Angeles', language: 'fr' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toMatchObject({ timeZone: 'America/Los_Angeles', language: 'fr' });
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
        // Monday 03:00 UTC is Sunday evening in Los Angeles: the week before, there.
        {
          applicationId: a.applicationId,
          clientGroupId: 'digest-3',
          name: 'Early',
          status: 0,
          customerId: v.id,
          createdAt: at(3 * HOUR),
        },
        // The next Monday 04:00 UTC is still Sunday in Los Angeles: in its week, not in UTC's.
        ...['digest-4', 'digest-5'].map((clientGroupId) => ({
          applicationId: a.applicationId,
          clientGroupId,
          name: 'Late',
          status: 0,
          customerId: v.id,
          createdAt: at(7 * DAY + 4 * HOUR),
        })),
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

  const check = (at: number) =>
    digestJobHandler({ db: t.database.db })({
      id: `digest-${at}`,
      queue: DIGEST_QUEUE,
      applicationId: null,
      payload: { at },
      attempts: 1,
      maxAttempts: 3,
    });
  const mailsTo = async (to: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) =>
      /digest|Résumé/.test(m.subject),
    );
  /** The Monday after the reported week. */
  const nextMonday = week + 7 * DAY;

  it("mails the week's figures on Monday 08:00 UTC to those in UTC who opted in, in English", async () => {
    await check(nextMonday + 7 * HOUR);
    expect(await mailsTo(adminEmail)).toHaveLength(0);
    await check(nextMonday + 8 * HOUR);
    const mine = await mailsTo(adminEmail);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Weekly digest: week of November 9, 2026');
    expect(mine[0]!.applicationId).toBe(a.applicationId);
    expect(mine[0]!.status).toBe('queued');
    expect(mine[0]!.text).toContain('from November 9, 2026 to November 15, 2026 (UTC)');
    expect(mine[0]!.text).toContain('New conversations: 3\n');
    expect(mine[0]!.text).toContain('Still open: 2\n');
    expect(mine[0]!.text).toContain('Resolved: 1\n');
    expect(mine[0]!.text).toContain('Average first response: 3m');
    expect(mine[0]!.text).toContain('CSAT ratings: 1, average 4 / 5\n');
    // Not yet the Los Angeles admin's hour; the administrator who did not opt in gets nothing.
    expect(await mailsTo(frenchEmail)).toHaveLength(0);
    expect(await mailsTo(otherAdminEmail)).toHaveLength(0);
    // The next hour's check is planned.
    const planned = await t.database.db.select().from(jobs).where(eq(jobs.queue, DIGEST_QUEUE));
    const next = planned.find((j) => (j.payload as { at?: number }).at === nextMonday + 9 * HOUR);
    expect(next?.runAt.getTime()).toBe(nextMonday + 9 * HOUR);
  });

  it("mails the Los Angeles admin at 08:00 their time, in French, their local week's figures", async () => {
    await check(nextMonday + 16 * HOUR);
    const mails = await mailsTo(frenchEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Résumé hebdomadaire : semaine du 9 novembre 2026');
    expect(mails[0]!.text).toContain('du 9 novembre 2026 au 15 novembre 2026 (America/Los_Angeles) :');
    // Monday 03:00 UTC was their Sunday before; the next Monday's two at 04:00 UTC their Sunday.
    expect(mails[0]!.text).toContain('Nouvelles conversations: 4\n');
    expect(mails[0]!.text).toContain('Évaluations CSAT: 1, moyenne 4 / 5');
    expect(mails[0]!.text).toContain('préférences de notification');
    // The UTC admin was mailed once, at their hour.
    expect(await mailsTo(adminEmail)).toHaveLength(1);
  });

  it('plans one check at a time, on the next hour', async () => {
    expect(nextHourAfter(week + 30 * MIN)).toBe(week + HOUR);
    expect(nextHourAfter(week)).toBe(week + HOUR);
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
