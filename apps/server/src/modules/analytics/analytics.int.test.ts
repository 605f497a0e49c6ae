import { ACCOUNT_PATHS, ANALYTICS_PATHS as P, TEAM_USER_STATS_PATHS } from '@convo/api';
import { customerDisplayName } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  botConversations,
  conversationRatings,
  conversations,
  jobs,
  presenceChanges,
  users,
} from '../../db/schema/index.js';
import { addTestBot } from '../../testing/bots.js';
import { messagingMember, signedInMember } from '../../testing/members.js';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { reportJobHandler } from './report-job.js';
import { REPORT_QUEUE } from './service.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('analytics on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  /** Monday 2026-11-02 00:00 UTC: the hand-built data set lives in the week from here. */
  const week = Date.UTC(2026, 10, 2);
  let owner: Record<string, string>;
  let agentName: string;
  let agentId: string;
  /** The first visitor's name as the inbox shows it (a pseudonym: the visitor gave no name). */
  let v1Name: string;

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const qs = (q: Record<string, string | number | boolean>) =>
    `?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

  /** A conversation of tenant A with known times (ms offsets from `week`). */
  async function conversation(o: {
    customerId: string;
    created: number;
    firstMessage?: number;
    firstResponse?: number;
    resolved?: number;
    status?: number;
    assigneeId?: string;
    channel?: string;
  }) {
    const [row] = await t.database.db
      .insert(conversations)
      .values({
        applicationId: a.applicationId,
        clientGroupId: `g-${Math.random().toString(36).slice(2)}`,
        name: 'Order help',
        status: o.status ?? 0,
        customerId: o.customerId,
        assigneeId: o.assigneeId ?? null,
        channel: o.channel ?? 'web',
        createdAt: new Date(week + o.created),
        firstCustomerMessageAt: o.firstMessage === undefined ? null : new Date(week + o.firstMessage),
        firstResponseAt: o.firstResponse === undefined ? null : new Date(week + o.firstResponse),
        resolvedAt: o.resolved === undefined ? null : new Date(week + o.resolved),
      })
      .returning();
    return row!;
  }

  const userRow = async (applicationId: string, userId: string) =>
    (
      await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.applicationId, applicationId), eq(users.userId, userId)))
    )[0]!;

  beforeAll(async () => {
    owner = { authorization: `Bearer ${a.admin['x-authorization']}` };
    const agent = await messagingMember(t.database, a.applicationId, '2', { name: 'Alice Agent' });
    agentName = 'Alice Agent';
    agentId = agent.id;
    const v1 = await userRow(a.applicationId, (await newVisitor(t, a)).userId);
    const v2 = await userRow(a.applicationId, (await newVisitor(t, a)).userId);
    v1Name = customerDisplayName(v1);
    // A customer on the company's own domain (the owner's address) is left out everywhere.
    const adminRow = await userRow(a.applicationId, a.adminUserName);
    const staff = await userRow(a.applicationId, (await newVisitor(t, a)).userId);
    await t.database.db
      .update(users)
      .set({ email: `tester@${adminRow.email!.split('@')[1]}` })
      .where(eq(users.id, staff.id));

    // Day 1 (Mon): answered after 2 min, resolved after 1 h. Day 2 (Tue): answered after 4 min, open.
    const c1 = await conversation({
      customerId: v1.id,
      assigneeId: agent.id,
      created: 9 * HOUR,
      firstMessage: 9 * HOUR,
      firstResponse: 9 * HOUR + 2 * MIN,
      resolved: 10 * HOUR,
      status: 2,
    });
    await conversation({
      customerId: v2.id,
      assigneeId: agent.id,
      created: DAY + 9 * HOUR,
      firstMessage: DAY + 9 * HOUR,
      firstResponse: DAY + 9 * HOUR + 4 * MIN,
      channel: 'email',
    });
    // A bot conversation on day 2, never answered by a person.
    const botConv = await conversation({
      customerId: v2.id,
      created: DAY + 11 * HOUR,
      firstMessage: DAY + 11 * HOUR,
    });
    const bot = await addTestBot(t.database, a.applicationId, 'kompose', 'Helper');
    await t.database.db.insert(botConversations).values({
      conversationId: botConv.id,
      applicationId: a.applicationId,
      botId: bot.id,
      answered: 3,
      secondsSaved: 90,
      createdAt: new Date(week + DAY + 11 * HOUR),
    });
    // The staff member's test conversation: would change every figure if counted.
    await conversation({
      customerId: staff.id,
      created: 12 * HOUR,
      firstMessage: 12 * HOUR,
      firstResponse: 13 * HOUR,
    });
    // The previous week: one conversation, answered after 1 min.
    await conversation({
      customerId: v1.id,
      created: -3 * DAY,
      firstMessage: -3 * DAY,
      firstResponse: -3 * DAY + MIN,
    });

    await t.database.db.insert(conversationRatings).values([
      {
        conversationId: c1.id,
        applicationId: a.applicationId,
        userId: v1.id,
        rating: 5,
        comment: 'Quick, thanks',
        createdAt: new Date(week + 11 * HOUR),
        updatedAt: new Date(week + 11 * HOUR),
      },
      {
        conversationId: botConv.id,
        applicationId: a.applicationId,
        userId: v2.id,
        rating: 2,
        comment: null,
        createdAt: new Date(week + DAY + 12 * HOUR),
        updatedAt: new Date(week + DAY + 12 * HOUR),
      },
    ]);

    // Two weeks before: ratings kept from the old 0/1/5/10 scale (SPEC §9), 10 great and 1 poor.
    const old1 = await conversation({ customerId: v1.id, created: -14 * DAY, status: 2 });
    const old2 = await conversation({ customerId: v2.id, created: -14 * DAY + HOUR, status: 2 });
    await t.database.db.insert(conversationRatings).values(
      [
        [old1.id, v1.id, 10, 'Lovely'],
        [old2.id, v2.id, 1, 'Slow'],
      ].map(([conversationId, userId, rating, comment], i) => ({
        conversationId: Number(conversationId),
        applicationId: a.applicationId,
        userId: String(userId),
        rating: Number(rating),
        scale: 'old' as const,
        comment: String(comment),
        createdAt: new Date(week - 14 * DAY + (i + 2) * HOUR),
        updatedAt: new Date(week - 14 * DAY + (i + 2) * HOUR),
      })),
    );

    // Alice in Kolkata (+05:30): online 23:00 Mon to 01:00 Tue local, away 01:00-01:30, signed out.
    const local = (h: number) => week + h * HOUR - 5.5 * HOUR;
    await t.database.db.insert(presenceChanges).values([
      { applicationId: a.applicationId, userId: agent.id, state: 'online', at: new Date(local(23)) },
      { applicationId: a.applicationId, userId: agent.id, state: 'away', at: new Date(local(25)) },
      { applicationId: a.applicationId, userId: agent.id, state: 'offline', at: new Date(local(25.5)) },
    ]);
    // Tenant B's data must never show in A's figures.
    const bVisitor = await userRow(b.applicationId, (await newVisitor(t, b)).userId);
    await t.database.db.insert(conversations).values({
      applicationId: b.applicationId,
      clientGroupId: 'b-1',
      customerId: bVisitor.id,
      createdAt: new Date(week + 9 * HOUR),
      firstCustomerMessageAt: new Date(week + 9 * HOUR),
      firstResponseAt: new Date(week + 9 * HOUR + 30 * MIN),
    });
  });

  const range = { from: week, to: week + 7 * DAY, timeZone: 'UTC' };

  it('pins the week’s figures, its days and the comparison with the week before', async () => {
    const res = await get(P.overview + qs(range), owner);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    expect(o.current).toEqual({
      newConversations: 3,
      openConversations: 2,
      resolvedConversations: 1,
      avgFirstResponseSeconds: 180, // (2 min + 4 min) / 2
      avgResolutionSeconds: 3600,
    });
    expect(o.previous.newConversations).toBe(1);
    expect(o.previous.avgFirstResponseSeconds).toBe(60);
    expect(o.change.newConversations).toBe(200);
    expect(o.change.avgFirstResponseSeconds).toBe(200);
    expect(o.series).toHaveLength(7);
    expect(o.series[0]).toMatchObject({
      bucket: '2026-11-02',
      newConversations: 1,
      resolvedConversations: 1,
    });
    expect(o.series[1]).toMatchObject({
      bucket: '2026-11-03',
      newConversations: 2,
      avgFirstResponseSeconds: 240,
    });
    expect(o.series[2].newConversations).toBe(0);
    expect(o.channels).toEqual(['email', 'web']);
  });

  it('filters agents, bots, channel; buckets by week', async () => {
    const bots = (await get(P.overview + qs({ ...range, audience: 'bots' }), owner)).json().data;
    expect(bots.current.newConversations).toBe(1);
    expect(bots.current.avgFirstResponseSeconds).toBeNull();
    const agents = (await get(P.overview + qs({ ...range, audience: 'agents' }), owner)).json().data;
    expect(agents.current.newConversations).toBe(2);
    const email = (await get(P.overview + qs({ ...range, channel: 'email' }), owner)).json().data;
    expect(email.current.newConversations).toBe(1);
    const weekly = (await get(P.overview + qs({ ...range, granularity: 'week' }), owner)).json().data;
    expect(weekly.series).toEqual([expect.objectContaining({ bucket: '2026-11-02', newConversations: 3 })]);
  });

  it('counts a day by the asked time zone', async () => {
    // In Los Angeles (-08:00), Monday 09:00 UTC is Monday 01:00 and the bot conversation (Tue 11:00 UTC) Tuesday 03:00.
    const la = (await get(P.overview + qs({ ...range, timeZone: 'America/Los_Angeles' }), owner)).json().data;
    expect(la.series[0]).toMatchObject({ bucket: '2026-11-01', newConversations: 0 });
    expect(la.series[1]).toMatchObject({ bucket: '2026-11-02', newConversations: 1 });
  });

  it('lists the CSAT table with its average, newest first', async () => {
    const res = await get(P.csat + qs(range), owner);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({
      scale: 'new',
      total: 2,
      average: 3.5,
      averages: { new: 3.5, old: null },
      levels: { poor: 1, average: 0, great: 1 },
      page: 1,
      pageSize: 10,
    });
    expect(c.rows.map((r: { scale: string }) => r.scale)).toEqual(['new', 'new']);
    expect(c.rows.map((r: { rating: number }) => r.rating)).toEqual([2, 5]);
    expect(c.rows[1]).toMatchObject({
      assignee: agentName,
      comment: 'Quick, thanks',
      date: week + 11 * HOUR,
      // The inbox's name for the visitor (issue 40), never the raw `v-…` id.
      name: v1Name,
    });
    expect(v1Name).not.toMatch(/^v-/);
  });

  it('serves old-scale ratings on their own scale and never averages the two scales together', async () => {
    const oldWeek = { from: week - 14 * DAY, to: week - 7 * DAY, timeZone: 'UTC' };
    const old = (await get(P.csat + qs(oldWeek), owner)).json().data;
    expect(old).toMatchObject({
      scale: 'old',
      total: 2,
      average: 5.5,
      averages: { new: null, old: 5.5 },
      levels: { poor: 1, average: 0, great: 1 },
    });
    expect(old.rows.map((r: { rating: number; scale: string }) => [r.rating, r.scale])).toEqual([
      [1, 'old'],
      [10, 'old'],
    ]);
    // Both scales in one range: each its own average; the three levels count both.
    const both = (await get(P.csat + qs({ ...range, from: week - 14 * DAY }), owner)).json().data;
    expect(both).toMatchObject({
      scale: 'new',
      total: 4,
      average: 3.5,
      averages: { new: 3.5, old: 5.5 },
      levels: { poor: 2, average: 0, great: 2 },
    });
    // The CSAT report says each rating's scale.
    const asked = await t.app.inject({
      method: 'POST',
      url: P.reports,
      headers: owner,
      payload: { kind: 'csat', ...oldWeek },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.queue, REPORT_QUEUE));
    const job = queued.find((j) => (j.payload as { exportId?: string }).exportId === id)!;
    await reportJobHandler({ db: t.database.db })({
      id: job.id,
      queue: REPORT_QUEUE,
      applicationId: a.applicationId,
      payload: job.payload,
      attempts: 1,
      maxAttempts: 3,
    });
    const lines = (await get(P.reportDownload.replace(':id', id), owner)).body.trim().split('\r\n');
    expect(lines[0]).toBe('conversationId,name,assignee,rating,scale,comment,date');
    expect(lines.slice(1).map((l) => l.split(',').slice(3, 6).join(','))).toEqual([
      '10,old,Lovely',
      '1,old,Slow',
    ]);
  });

  it('averages the agent and team reports over new-scale ratings only, never mixing the two scales', async () => {
    // Three weeks before (outside every other test's range): Alice's conversation rated 10 on the old scale.
    const customer = await userRow(a.applicationId, (await newVisitor(t, a)).userId);
    const rated = await conversation({
      customerId: customer.id,
      assigneeId: agentId,
      created: -21 * DAY,
      status: 2,
    });
    await t.database.db.insert(conversationRatings).values({
      conversationId: rated.id,
      applicationId: a.applicationId,
      userId: customer.id,
      rating: 10,
      scale: 'old',
      comment: null,
      createdAt: new Date(week - 21 * DAY + HOUR),
      updatedAt: new Date(week - 21 * DAY + HOUR),
    });
    const report = async (kind: 'agents' | 'teams') => {
      const asked = await t.app.inject({
        method: 'POST',
        url: P.reports,
        headers: owner,
        payload: { kind, from: week - 21 * DAY, to: week + 7 * DAY, timeZone: 'UTC' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const id = asked.json().data.id as string;
      const queued = await t.database.db.select().from(jobs).where(eq(jobs.queue, REPORT_QUEUE));
      const job = queued.find((j) => (j.payload as { exportId?: string }).exportId === id)!;
      await reportJobHandler({ db: t.database.db })({
        id: job.id,
        queue: REPORT_QUEUE,
        applicationId: a.applicationId,
        payload: job.payload,
        attempts: 1,
        maxAttempts: 3,
      });
      const lines = (await get(P.reportDownload.replace(':id', id), owner)).body.trim().split('\r\n');
      expect(lines[0]!.split(',').slice(-2)).toEqual(['ratings', 'avgRating']);
      // key → [ratings, avgRating]
      return new Map(
        lines.slice(1).map((l) => {
          const cells = l.split(',');
          return [cells[0]!, cells.slice(-2).join(',')];
        }),
      );
    };
    const agents = await report('agents');
    // Alice: the 5 (new scale) alone; her old-scale 10 would make it 2 ratings averaging 7.5.
    expect(agents.get(agentName)).toBe('1,5');
    // Unassigned: the bot conversation's 2; the old 10 and 1 would make it 4.33.
    expect(agents.get('(unassigned)')).toBe('1,2');
    const teams = await report('teams');
    expect(teams.get('(no team)')).toBe('2,3.5');
  });

  it('gives teammate login time across midnight in the asked time zone', async () => {
    const res = await get(P.teammateLogins + qs({ ...range, timeZone: 'Asia/Kolkata' }), owner);
    expect(res.statusCode, res.body).toBe(200);
    const alice = res.json().data.agents.find((x: { agent: string }) => x.agent === agentName);
    expect(alice).toMatchObject({ loginTime: 2 * 3600, awayTime: 1800, workingHours: 2.5 * 3600 });
    const days = alice.daily.filter(
      (d: { totalLoginTime: number; totalAwayTime: number }) => d.totalLoginTime + d.totalAwayTime > 0,
    );
    expect(
      days.map((d: { date: string; totalLoginTime: number; totalAwayTime: number }) => [
        d.date,
        d.totalLoginTime,
        d.totalAwayTime,
      ]),
    ).toEqual([
      ['2026-11-02', 3600, 0],
      ['2026-11-03', 3600, 1800],
    ]);
  });

  it('gives the bots overview with time saved', async () => {
    const res = await get(P.bots + qs(range), owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bots).toEqual([
      expect.objectContaining({ name: 'Helper', conversations: 1, handedOff: 0, secondsSaved: 90 }),
    ]);
  });

  it('answers bad ranges, unknown zones and teams with a clear 400', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ from: week, to: week + 401 * DAY }, /at most 400 days/],
      [{ from: week, to: week - DAY }, /after its start/],
      [{ from: week, to: week + DAY, timeZone: 'Moon/Base' }, /Unknown time zone: Moon\/Base/],
      [{ from: week, to: week + DAY, teamId: 'no-such-team' }, /Unknown team: no-such-team/],
    ];
    for (const [q, message] of cases) {
      const res = await get(P.overview + qs(q), owner);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_PARAMETER',
        message: expect.stringMatching(message),
      });
    }
  });

  it('never shows another application’s data', async () => {
    const bOwner = { authorization: `Bearer ${b.admin['x-authorization']}` };
    const o = (await get(P.overview + qs(range), bOwner)).json().data;
    expect(o.current.newConversations).toBe(1);
    expect(o.current.avgFirstResponseSeconds).toBe(1800);
    expect((await get(P.csat + qs(range), bOwner)).json().data.total).toBe(0);
    expect((await get(P.bots + qs(range), bOwner)).json().data.bots).toEqual([]);
  });

  it('shows an operator the figures but not the teammate or bot sections', async () => {
    const operator = await signedInMember(t.database, a.applicationId, '12');
    expect((await get(P.overview + qs(range), operator.headers)).statusCode).toBe(200);
    expect((await get(P.teammateLogins + qs(range), operator.headers)).statusCode).toBe(403);
    expect((await get(P.bots + qs(range), operator.headers)).statusCode).toBe(403);
    expect((await get(P.metabase, operator.headers)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: P.reports, headers: operator.headers })).statusCode,
    ).toBe(403);
  });

  it('makes the conversation report in the worker and serves it as CSV', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: P.reports,
      headers: owner,
      payload: { kind: 'conversations', ...range },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data.id as string;
    expect(asked.json().data).toMatchObject({ status: 'queued', progress: 0 });
    const early = await get(P.reportDownload.replace(':id', id), owner);
    expect(early.statusCode).toBe(400);
    const job = (await t.database.db.select().from(jobs).where(eq(jobs.queue, REPORT_QUEUE))).find(
      (j) => (j.payload as { exportId?: string }).exportId === id,
    );
    await reportJobHandler({ db: t.database.db })({
      id: job!.id,
      queue: REPORT_QUEUE,
      applicationId: a.applicationId,
      payload: job!.payload,
      attempts: 1,
      maxAttempts: 3,
    });
    expect((await get(P.report.replace(':id', id), owner)).json().data).toMatchObject({
      status: 'done',
      progress: 100,
      rowCount: 3,
    });
    const file = await get(P.reportDownload.replace(':id', id), owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="conversations-report-2026-11-02-2026-11-09.csv"',
    );
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'conversationId,name,customer,assignee,team,channel,status,createdAt,resolvedAt,firstResponseSeconds,resolutionSeconds,rating,ratingScale',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,Alice Agent,,web,2,2026-11-02 09:00:00,2026-11-02 10:00:00,120,3600,5,new$/);
    // Another application cannot see or download it.
    const bOwner = { authorization: `Bearer ${b.admin['x-authorization']}` };
    expect((await get(P.reportDownload.replace(':id', id), bOwner)).statusCode).toBe(404);
  });

  it('records presence when a member goes away, comes back, and when the owner signs out', async () => {
    const agent = await messagingMember(t.database, a.applicationId, '2');
    for (const status of [0, 1]) {
      const res = await t.app.inject({
        method: 'POST',
        url: TEAM_USER_STATS_PATHS.userStatus,
        headers: agent.headers,
        payload: { status },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const states = async (userId: string) =>
      (
        await t.database.db
          .select({ state: presenceChanges.state })
          .from(presenceChanges)
          .where(eq(presenceChanges.userId, userId))
          .orderBy(presenceChanges.id)
      ).map((r) => r.state);
    expect(await states(agent.id)).toEqual(['away', 'online']);
    // Signing up signed the owner in; logging out signs them out (last: the owner's token ends).
    const ownerRow = await userRow(a.applicationId, a.adminUserName);
    const out = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.logout, headers: owner });
    expect(out.statusCode, out.body).toBe(200);
    expect(await states(ownerRow.id)).toEqual(['online', 'offline']);
  });
});
