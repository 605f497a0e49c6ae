import { REPORT_FIGURES_PATH, type ReportFigures } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { botConversations, conversationRatings, conversations, users } from '../../db/schema/index.js';
import { addTestBot } from '../../testing/bots.js';
import { messagingMember, signedInMember } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The figures /reports shows on screen (issue 40 item 3): each report kind's totals, rows and
// chart series, computed from the conversations, ratings and bot rows of the caller's application
// only. Two applications hold data on the same days, with a bot and an agent of the same name.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('report figures on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  /** Monday 2026-11-02 00:00 UTC. */
  const week = Date.UTC(2026, 10, 2);
  const range = { from: week, to: week + 7 * DAY, timeZone: 'UTC' };
  const auth = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const qs = (q: Record<string, string | number>) =>
    `?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

  async function figures(tenant: Tenant, kind: string, q: Record<string, string | number> = range) {
    const res = await t.app.inject({
      method: 'GET',
      url: REPORT_FIGURES_PATH + qs({ ...q, kind }),
      headers: auth(tenant),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportFigures;
  }
  const total = (f: ReportFigures, metric: string) => f.totals.find((x) => x.metric === metric)?.value;

  /** `count` conversations of the tenant on `day`, assigned to an agent named Alice, each rated. */
  async function seed(tenant: Tenant, o: { perDay: number[]; rating: number; botName: string }) {
    const agent = await messagingMember(t.database, tenant.applicationId, '2', { name: 'Alice Agent' });
    const visitorId = (await newVisitor(t, tenant)).userId;
    const [visitor] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.applicationId, tenant.applicationId), eq(users.userId, visitorId)));
    const bot = await addTestBot(t.database, tenant.applicationId, 'kompose', o.botName);
    let n = 0;
    for (const [day, count] of o.perDay.entries()) {
      for (let i = 0; i < count; i++) {
        const at = week + day * DAY + (9 + i) * HOUR;
        const [c] = await t.database.db
          .insert(conversations)
          .values({
            applicationId: tenant.applicationId,
            clientGroupId: `g-${tenant.applicationId}-${n++}`,
            name: 'Order help',
            status: 2,
            customerId: visitor!.id,
            assigneeId: agent.id,
            channel: i % 2 === 0 ? 'web' : 'email',
            createdAt: new Date(at),
            firstCustomerMessageAt: new Date(at),
            firstResponseAt: new Date(at + 2 * MIN),
            resolvedAt: new Date(at + 30 * MIN),
          })
          .returning();
        await t.database.db.insert(conversationRatings).values({
          conversationId: c!.id,
          applicationId: tenant.applicationId,
          userId: visitor!.id,
          rating: o.rating,
          createdAt: new Date(at + 40 * MIN),
          updatedAt: new Date(at + 40 * MIN),
        });
        if (i === 0) {
          await t.database.db.insert(botConversations).values({
            conversationId: c!.id,
            applicationId: tenant.applicationId,
            botId: bot.id,
            answered: 1,
            secondsSaved: 60,
            createdAt: new Date(at),
          });
        }
      }
    }
  }

  beforeAll(async () => {
    // A: 2 on Monday, 1 on Wednesday, rated 5. B: 4 on Monday, rated 1; its bot has A's bot's name.
    await seed(a, { perDay: [2, 0, 1], rating: 5, botName: 'Helper' });
    await seed(b, { perDay: [4], rating: 1, botName: 'Helper' });
  });

  it('gives the conversations report per day with the range’s totals', async () => {
    const f = await figures(a, 'conversations');
    expect(f).toMatchObject({ kind: 'conversations', rowsBy: 'day', timeZone: 'UTC' });
    expect(f.chart).toEqual({ type: 'bars', series: ['newConversations', 'resolvedConversations'] });
    expect(f.totals).toEqual([
      { metric: 'newConversations', value: 3 },
      { metric: 'resolvedConversations', value: 3 },
      { metric: 'avgFirstResponseSeconds', value: 120 },
      { metric: 'avgResolutionSeconds', value: 1800 },
    ]);
    expect(f.rows.map((r) => [r.key, r.values.newConversations])).toEqual([
      ['2026-11-02', 2],
      ['2026-11-03', 0],
      ['2026-11-04', 1],
      ['2026-11-05', 0],
      ['2026-11-06', 0],
      ['2026-11-07', 0],
      ['2026-11-08', 0],
    ]);
  });

  it('gives CSAT per day, the agents, channels and bots reports per group', async () => {
    const csat = await figures(a, 'csat');
    expect(total(csat, 'ratings')).toBe(3);
    expect(total(csat, 'avgRating')).toBe(5);
    expect(total(csat, 'great')).toBe(3);
    expect(csat.rows[0]?.values).toMatchObject({ ratings: 2, great: 2, poor: 0 });

    const agents = await figures(a, 'agents');
    expect(agents.rowsBy).toBe('agent');
    expect(agents.rows).toEqual([
      {
        key: 'Alice Agent',
        values: {
          newConversations: 3,
          resolvedConversations: 3,
          avgFirstResponseSeconds: 120,
          avgResolutionSeconds: 1800,
          ratings: 3,
          avgRating: 5,
        },
      },
    ]);
    const channels = await figures(a, 'channels');
    expect(channels.rows.map((r) => [r.key, r.values.newConversations])).toEqual([
      ['email', 1],
      ['web', 2],
    ]);
    const teams = await figures(a, 'teams');
    expect(total(teams, 'newConversations')).toBe(3);

    const bots = await figures(a, 'bots');
    expect(bots.rows).toEqual([expect.objectContaining({ key: 'Helper' })]);
    expect(bots.rows[0]?.values).toMatchObject({ conversations: 2, secondsSaved: 120 });
    expect(total(bots, 'conversations')).toBe(2);
  });

  it('never shows one application the other’s figures', async () => {
    const f = await figures(b, 'conversations');
    expect(total(f, 'newConversations')).toBe(4);
    expect(f.rows[0]?.values.newConversations).toBe(4);
    expect(f.rows[2]?.values.newConversations).toBe(0);
    const csat = await figures(b, 'csat');
    expect(total(csat, 'ratings')).toBe(4);
    expect(total(csat, 'avgRating')).toBe(1);
    const agents = await figures(b, 'agents');
    expect(agents.rows).toHaveLength(1);
    expect(agents.rows[0]?.values.newConversations).toBe(4);
    const bots = await figures(b, 'bots');
    expect(bots.rows[0]?.values.conversations).toBe(1);
    // A again, after B was read: still its own.
    expect(total(await figures(a, 'agents'), 'newConversations')).toBe(3);
  });

  it('counts a long range by week and refuses a bad one', async () => {
    const long = await figures(a, 'conversations', { from: week, to: week + 120 * DAY, timeZone: 'UTC' });
    expect(long.rowsBy).toBe('week');
    expect(long.rows[0]).toMatchObject({ key: '2026-11-02', values: { newConversations: 3 } });
    const bad = await t.app.inject({
      method: 'GET',
      url: REPORT_FIGURES_PATH + qs({ kind: 'csat', from: week, to: week - DAY }),
      headers: auth(a),
    });
    expect(bad.statusCode).toBe(400);
    const unknownKind = await t.app.inject({
      method: 'GET',
      url: REPORT_FIGURES_PATH + qs({ kind: 'visitors', ...range }),
      headers: auth(a),
    });
    expect(unknownKind.statusCode).toBe(400);
  });

  it('is refused to a member without the reports privilege', async () => {
    const operator = await signedInMember(t.database, a.applicationId, '12');
    const res = await t.app.inject({
      method: 'GET',
      url: REPORT_FIGURES_PATH + qs({ kind: 'conversations', ...range }),
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
