import { type Insights, ANALYTICS_PATHS as P } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  botAnswers,
  conversationRatings,
  conversations,
  conversationTags,
  tags,
  teams,
  users,
} from '../../db/schema/index.js';
import { addTestBot } from '../../testing/bots.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('insights on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  /** Monday 2026-11-02 00:00 UTC: the data set spans this week and the next. */
  const week = Date.UTC(2026, 10, 2);
  const range = { from: week, to: week + 14 * DAY };

  const insightsOf = async (tenant: Tenant, q: Record<string, string | number>) => {
    const query = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    return t.app.inject({
      method: 'GET',
      url: `${P.insights}?${query.toString()}`,
      headers: { authorization: `Bearer ${tenant.admin['x-authorization']}` },
    });
  };
  const answer = <Q extends Insights['answers'][number]['question']>(data: Insights, question: Q) =>
    data.answers.find((x) => x.question === question) as Extract<
      Insights['answers'][number],
      { question: Q }
    >;

  const customer = async (tenant: Tenant) => {
    const { userId } = await newVisitor(t, tenant);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, userId)));
    return row!;
  };

  async function conversation(
    tenant: Tenant,
    o: { customerId: string; created: number; firstResponseAfter?: number; teamId?: string },
  ) {
    const created = new Date(week + o.created);
    const [row] = await t.database.db
      .insert(conversations)
      .values({
        applicationId: tenant.applicationId,
        clientGroupId: `g-${Math.random().toString(36).slice(2)}`,
        name: 'Question',
        status: 0,
        customerId: o.customerId,
        teamId: o.teamId ?? null,
        createdAt: created,
        firstCustomerMessageAt: created,
        firstResponseAt:
          o.firstResponseAfter === undefined ? null : new Date(week + o.created + o.firstResponseAfter),
      })
      .returning();
    return row!;
  }

  beforeAll(async () => {
    const v = await customer(a);
    // A customer on the company's own domain: four conversations that would move the busiest hour.
    const [adminRow] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.applicationId, a.applicationId), eq(users.userId, a.adminUserName)));
    const staff = await customer(a);
    await t.database.db
      .update(users)
      .set({ email: `tester@${adminRow!.email!.split('@')[1]}` })
      .where(eq(users.id, staff.id));

    const [sales, support] = await t.database.db
      .insert(teams)
      .values([
        { applicationId: a.applicationId, clientGroupId: 'team-sales', name: 'Sales' },
        { applicationId: a.applicationId, clientGroupId: 'team-support', name: 'Support' },
      ])
      .returning();
    // Monday 09:00 (Sales, answered in 2 min); Tuesday 10:00, 10:05, 10:20 (Support 6 and 4 min).
    const c1 = await conversation(a, {
      customerId: v.id,
      created: 9 * HOUR,
      firstResponseAfter: 2 * MIN,
      teamId: sales!.id,
    });
    const c2 = await conversation(a, {
      customerId: v.id,
      created: DAY + 10 * HOUR,
      firstResponseAfter: 6 * MIN,
      teamId: support!.id,
    });
    const c3 = await conversation(a, {
      customerId: v.id,
      created: DAY + 10 * HOUR + 5 * MIN,
      firstResponseAfter: 4 * MIN,
      teamId: support!.id,
    });
    const c4 = await conversation(a, { customerId: v.id, created: DAY + 10 * HOUR + 20 * MIN });
    for (let i = 0; i < 4; i++) {
      await conversation(a, { customerId: staff.id, created: 2 * DAY + 14 * HOUR, teamId: sales!.id });
    }
    // Outside the range: never counted.
    await conversation(a, { customerId: v.id, created: -DAY + 10 * HOUR, firstResponseAfter: HOUR });

    const [refund, billing, old] = await t.database.db
      .insert(tags)
      .values([
        { applicationId: a.applicationId, name: 'refund' },
        { applicationId: a.applicationId, name: 'billing' },
        { applicationId: a.applicationId, name: 'old', deletedAt: new Date(week) },
      ])
      .returning();
    const tag = (conversationId: number, tagId: string) => ({
      conversationId,
      tagId,
      applicationId: a.applicationId,
    });
    await t.database.db
      .insert(conversationTags)
      .values([
        tag(c1.id, refund!.id),
        tag(c2.id, refund!.id),
        tag(c3.id, refund!.id),
        tag(c2.id, billing!.id),
        tag(c1.id, old!.id),
        tag(c3.id, old!.id),
      ]);

    // The bot answered five times on c4, falling back twice on "shipping" and once on "returns".
    const bot = await addTestBot(t.database, a.applicationId, 'kompose', 'Helper');
    const intents = ['greeting', 'pricing', 'shipping', 'shipping', 'returns'];
    await t.database.db.insert(botAnswers).values(
      intents.map((intent, i) => ({
        messageId: 9_100_000 + i,
        applicationId: a.applicationId,
        botId: bot.id,
        conversationId: c4.id,
        intent,
        confidence: 80,
        fallback: i >= 2,
        createdAt: new Date(week + DAY + 11 * HOUR),
      })),
    );

    // Ratings: week one 5 and 3 (average 4), week two 2.
    const rating = (conversationId: number, value: number, at: number) => ({
      conversationId,
      applicationId: a.applicationId,
      userId: v.id,
      rating: value,
      createdAt: new Date(week + at),
      updatedAt: new Date(week + at),
    });
    await t.database.db
      .insert(conversationRatings)
      .values([rating(c1.id, 5, DAY), rating(c2.id, 3, 2 * DAY), rating(c3.id, 2, 8 * DAY)]);

    // Tenant B: five conversations on Sunday evening with a tag and a team of the same names.
    const vb = await customer(b);
    const [teamB] = await t.database.db
      .insert(teams)
      .values({ applicationId: b.applicationId, clientGroupId: 'team-support', name: 'Support' })
      .returning();
    for (let i = 0; i < 5; i++) {
      await conversation(b, {
        customerId: vb.id,
        created: 6 * DAY + 20 * HOUR,
        firstResponseAfter: HOUR,
        teamId: teamB!.id,
      });
    }
  });

  it('answers the five questions from the hand-built data set', async () => {
    const res = await insightsOf(a, { ...range, timeZone: 'UTC' });
    expect(res.statusCode).toBe(200);
    const data: Insights = res.json().data;
    expect(data.answers.map((x) => x.question)).toEqual([
      'busiest-hour',
      'slowest-team',
      'top-tags',
      'bot-answers',
      'csat-trend',
    ]);
    expect(answer(data, 'busiest-hour')).toMatchObject({ weekday: 2, hour: 10, conversations: 3 });
    expect(answer(data, 'slowest-team').teams).toEqual([
      { name: 'Support', avgFirstResponseSeconds: 300, conversations: 2 },
      { name: 'Sales', avgFirstResponseSeconds: 120, conversations: 1 },
    ]);
    expect(answer(data, 'top-tags').tags).toEqual([
      { name: 'refund', count: 3 },
      { name: 'billing', count: 1 },
    ]);
    expect(answer(data, 'bot-answers')).toEqual({
      question: 'bot-answers',
      answers: 5,
      fallbacks: 3,
      answerRate: 40,
      topFallbacks: [
        { name: 'shipping', count: 2 },
        { name: 'returns', count: 1 },
      ],
    });
    expect(answer(data, 'csat-trend')).toEqual({
      question: 'csat-trend',
      weeks: [
        { week: '2026-11-02', average: 4, ratings: 2 },
        { week: '2026-11-09', average: 2, ratings: 1 },
      ],
      change: -2,
    });
  });

  it('counts hours in the asked time zone', async () => {
    const data: Insights = (await insightsOf(a, { ...range, timeZone: 'Asia/Kolkata' })).json().data;
    // 10:00–10:20 UTC is 15:30–15:50 in India.
    expect(answer(data, 'busiest-hour')).toMatchObject({ weekday: 2, hour: 15, conversations: 3 });
  });

  it("never mixes another application's data", async () => {
    const data: Insights = (await insightsOf(b, { ...range, timeZone: 'UTC' })).json().data;
    expect(answer(data, 'busiest-hour')).toMatchObject({ weekday: 7, hour: 20, conversations: 5 });
    expect(answer(data, 'slowest-team').teams).toEqual([
      { name: 'Support', avgFirstResponseSeconds: 3600, conversations: 5 },
    ]);
    expect(answer(data, 'top-tags').tags).toEqual([]);
    expect(answer(data, 'bot-answers')).toMatchObject({ answers: 0, answerRate: null, topFallbacks: [] });
    expect(answer(data, 'csat-trend')).toMatchObject({ weeks: [], change: null });
  });

  it('answers a clear 400 for bad ranges and a 401 without a session', async () => {
    const reversed = await insightsOf(a, { from: range.to, to: range.from, timeZone: 'UTC' });
    expect(reversed.statusCode).toBe(400);
    const zone = await insightsOf(a, { ...range, timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `${P.insights}?from=0&to=1` });
    expect(anonymous.statusCode).toBe(401);
  });
});
