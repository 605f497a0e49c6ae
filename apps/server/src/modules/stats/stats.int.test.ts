import { MESSAGING_PATHS, TEAM_USER_STATS_PATHS as P } from '@convo/api';
import { DEFAULT_TEAM } from '@convo/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationResponses, conversations, messages, users } from '../../db/schema/index.js';
import { messagingMember, updateSettings } from '../../testing/members.js';
import { newTenant, newVisitor, newVisitorConversation } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('conversation statistics on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  /** Two days ago, 10:00 UTC: the known data set lives in [base - 1 h, base + 1 day). */
  let base: number;
  let range: string;
  let secretTeam: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  /** A visitor's conversation through the API: customer message, optional agent reply, status. */
  async function conversation(opts: { reply: boolean; status?: number }) {
    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Order help',
    });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = created.json().response.id as number;
    const send = (headers: object, key: string, message: string) =>
      call('POST', MESSAGING_PATHS.messageSend, headers, { key, groupId, message });
    expect((await send(visitor.headers, `c-${groupId}`, 'Where is my parcel?')).statusCode).toBe(200);
    if (opts.reply) expect((await send(a.admin, `a-${groupId}`, 'On its way!')).statusCode).toBe(200);
    if (opts.status !== undefined) {
      const res = await call(
        'PATCH',
        `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=${opts.status}`,
        a.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    return groupId;
  }

  /** Moves a conversation and its messages to known times (offsets in ms from `at`). */
  async function placeAt(
    groupId: number,
    at: number,
    o: { customer: number; agent?: number; resolved?: number },
  ) {
    const db = t.database.db;
    await db
      .update(conversations)
      .set({
        createdAt: new Date(at),
        ...(o.resolved !== undefined ? { resolvedAt: new Date(at + o.resolved) } : {}),
        // The first message and first answer the sends recorded move with the messages.
        firstCustomerMessageAt: new Date(at + o.customer),
        ...(o.agent !== undefined ? { firstResponseAt: new Date(at + o.agent) } : {}),
      })
      .where(eq(conversations.id, groupId));
    await db
      .update(messages)
      .set({ createdAt: new Date(at + o.customer) })
      .where(and(eq(messages.conversationId, groupId), eq(messages.senderType, 2)));
    if (o.agent !== undefined) {
      await db
        .update(messages)
        .set({ createdAt: new Date(at + o.agent) })
        .where(and(eq(messages.conversationId, groupId), eq(messages.senderType, 0)));
      await db
        .update(conversationResponses)
        .set({ askedAt: new Date(at + o.customer), answeredAt: new Date(at + o.agent) })
        .where(eq(conversationResponses.conversationId, groupId));
    }
  }

  const stats = async (query: string, headers: object = a.admin, url: string = P.groupStats) => {
    const res = await call('GET', `${url}?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json().response, cache: res.headers['x-cache'] };
  };

  beforeAll(async () => {
    const d = new Date(Date.now() - 2 * DAY);
    base = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 10);
    range = `startTime=${base - HOUR}&endTime=${base + DAY}`;
    // Resolved after 10 min, first answer after 1 min.
    const c1 = await conversation({ reply: true, status: 2 });
    await placeAt(c1, base, { customer: MIN, agent: 2 * MIN, resolved: 10 * MIN });
    // Open, first answer after 3 min.
    const c2 = await conversation({ reply: true });
    await placeAt(c2, base + HOUR, { customer: MIN, agent: 4 * MIN });
    // Spam, never answered; 15:00 UTC is already the next day in Tokyo.
    const c3 = await conversation({ reply: false, status: 3 });
    await placeAt(c3, base + 5 * HOUR, { customer: MIN });
    const created = await call('POST', P.teamCreate, a.admin, { teamName: 'Secret stats team' });
    secretTeam = created.json().response.teamId;
  });
  it('counts conversations by status, new, resolved and the average times of a known data set', async () => {
    const { body } = await stats(range);
    expect(body).toMatchObject({
      startTime: base - HOUR,
      endTime: base + DAY,
      timezone: 'UTC',
      newConversations: 3,
      resolved: 1,
      avgFirstResponseTime: 2 * MIN,
      avgResolutionTime: 10 * MIN,
    });
    expect(body.byStatus).toMatchObject({ '-1': 0, '0': 1, '1': 0, '2': 1, '3': 1, '7': 0 });
    expect(body.daily).toBeUndefined();

    const tokyo = (await stats(`${range}&daily=true&timezone=Asia/Tokyo`)).body;
    expect(tokyo.daily.map((x: { newConversations: number }) => x.newConversations)).toEqual([2, 1]);
    expect(tokyo.daily[0]).toMatchObject({
      resolved: 1,
      avgFirstResponseTime: 2 * MIN,
      avgResolutionTime: 10 * MIN,
    });
    expect(tokyo.daily[1]).toMatchObject({ resolved: 0, avgFirstResponseTime: null, byStatus: { '3': 1 } });
    const utc = (await stats(`timestamp=${base - HOUR}&toTimestamp=${base + DAY}&groupBy=day`)).body;
    expect(utc.daily.map((x: { date: string }) => x.date)).toEqual([
      new Date(base).toISOString().slice(0, 10),
      new Date(base + DAY).toISOString().slice(0, 10),
    ]);
    expect(utc.daily.map((x: { newConversations: number }) => x.newConversations)).toEqual([3, 0]);

    const owner = a.adminUserName;
    expect((await stats(`${range}&agentId=${encodeURIComponent(owner)}`)).body.newConversations).toBe(3);
    expect((await stats(`${range}&statusList=2`)).body).toMatchObject({ newConversations: 1, resolved: 1 });
    expect((await stats(`${range}&statusList=0,3`)).body).toMatchObject({ newConversations: 2, resolved: 0 });
    expect((await stats(`${range}&teamId=${DEFAULT_TEAM.clientGroupId}`)).body.newConversations).toBe(3);
    expect((await stats(`${range}&teamId=${secretTeam}`)).body.newConversations).toBe(0);
    const v2 = await stats(`${range}&applicationId=${a.applicationId}`, a.admin, P.groupStatsV2);
    expect(v2.body.newConversations).toBe(3);
  });

  it('averages response times and ranks agents', async () => {
    const avg = await call('POST', P.responseAverage, a.admin, {
      startDate: base - HOUR,
      endDate: new Date(base + DAY).toISOString(),
      teamId: DEFAULT_TEAM.clientGroupId,
    });
    expect(avg.statusCode, avg.body).toBe(200);
    expect(avg.json().response).toEqual({
      startDate: base - HOUR,
      endDate: base + DAY,
      averageResponseTime: 2 * MIN,
      responses: 2,
    });
    const none = await call('POST', P.responseAverage, a.admin, {
      startDate: base - HOUR,
      endDate: base,
      teamId: secretTeam,
    });
    expect(none.json().response).toMatchObject({ averageResponseTime: null, responses: 0 });

    const board = await call('GET', `${P.agentScoreboard}?${range}`, a.admin);
    expect(board.statusCode, board.body).toBe(200);
    const agents = board.json().response.agents as { userId: string }[];
    expect(agents.find((x) => x.userId === a.adminUserName)).toMatchObject({
      assignedOpen: 1,
      resolved: 1,
      avgFirstResponseTime: 2 * MIN,
    });
    const team = await call('GET', `${P.agentScoreboard}?${range}&teamId=${secretTeam}`, a.admin);
    expect(team.json().response.agents).toEqual([]);
  });

  it('stores each answered turn as the messages are sent, and only human answers count', async () => {
    const tenant = await newTenant(t);
    const { visitor, groupId } = await newVisitorConversation(t, tenant, 'Turns');
    // The hand-built case, each message at a known time (minutes after t0): turn 1 asked at 0
    // and first answered at 3 (3 min); turn 2 asked at 10, answered at 15 below (5 min).
    const t0 = Date.now() - 30 * MIN;
    const turns: [object, string, number][] = [
      [visitor.headers, 'Hello?', 0],
      [visitor.headers, 'Anyone there?', 1],
      [tenant.admin, 'Yes, how can I help?', 3],
      [tenant.admin, 'Still here.', 4],
      [visitor.headers, 'My parcel is late.', 10],
    ];
    /** Sends with the server's clock at t0 + the given minutes (only `Date` is faked: no timers). */
    const sendAt = async (headers: object, key: string, message: string, minutes: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(t0 + minutes * MIN);
      try {
        return await call('POST', MESSAGING_PATHS.messageSend, headers, { key, groupId, message });
      } finally {
        vi.useRealTimers();
      }
    };
    for (const [n, [headers, message, minutes]] of turns.entries()) {
      const res = await sendAt(headers, `turn-${n}`, message, minutes);
      expect(res.statusCode, res.body).toBe(200);
    }
    const average = async () => {
      const res = await call('POST', P.responseAverage, tenant.admin, {
        startDate: Date.now() - HOUR,
        endDate: Date.now() + HOUR,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().response as { responses: number; averageResponseTime: number | null };
    };
    const stored = () =>
      t.database.db
        .select()
        .from(conversationResponses)
        .where(eq(conversationResponses.conversationId, groupId));
    const clock = async () =>
      (
        await t.database.db
          .select({ unansweredSince: conversations.unansweredSince })
          .from(conversations)
          .where(eq(conversations.id, groupId))
      )[0]!.unansweredSince;

    const turnTimes = async () =>
      (await stored())
        .map((r) => [(r.askedAt.getTime() - t0) / MIN, (r.answeredAt.getTime() - t0) / MIN])
        .sort((x, y) => x[0]! - y[0]!);

    // The first turn is answered once (not once per agent message), from its first question to
    // its first answer; the last one is still open.
    expect(await turnTimes()).toEqual([[0, 3]]);
    expect(await clock()).toEqual(new Date(t0 + 10 * MIN));
    expect(await average()).toMatchObject({ responses: 1, averageResponseTime: 3 * MIN });

    const answer = await sendAt(tenant.admin, 'turn-answer', 'Sorry, it ships today.', 15);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await turnTimes()).toEqual([
      [0, 3],
      [10, 15],
    ]);
    expect(await clock()).toBeNull();
    expect(await average()).toMatchObject({ responses: 2, averageResponseTime: 4 * MIN });
  });

  it('averages only the questions asked inside business hours when asked to', async () => {
    const average = async (insideBusinessHours?: boolean) => {
      const res = await call('POST', P.responseAverage, a.admin, {
        startDate: base - HOUR,
        endDate: base + DAY,
        ...(insideBusinessHours === undefined ? {} : { insideBusinessHours }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().response as { averageResponseTime: number | null; responses: number };
    };
    const setHours = (enabled: boolean) =>
      updateSettings(t.database, a.applicationId, {
        chatWidget: {
          businessHours: {
            enabled,
            // 15:00–16:00 in India (UTC+5:30) every day: the question at 10:01 UTC (15:31 there)
            // is inside, the one at 11:01 UTC (16:31) outside.
            timeZone: 'Asia/Kolkata',
            days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '15:00', close: '16:00' })),
          },
        },
      });
    // Off: always open, so every turn counts, as without the flag.
    await setHours(false);
    expect(await average(true)).toMatchObject({ responses: 2, averageResponseTime: 2 * MIN });
    await setHours(true);
    expect(await average(true)).toMatchObject({ responses: 1, averageResponseTime: MIN });
    expect(await average(false)).toMatchObject({ responses: 2, averageResponseTime: 2 * MIN });
    expect(await average()).toMatchObject({ responses: 2, averageResponseTime: 2 * MIN });
    await setHours(false);
  });

  it('serves a repeated question from memory for 120 s, per query', async () => {
    const first = await stats(range);
    const again = await stats(range);
    expect(again.cache).toBe('hit');
    expect(again.body).toEqual(first.body);

    // A fourth conversation moves into the range: the cached answer does not see it yet…
    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Late',
    });
    await t.database.db
      .update(conversations)
      .set({ createdAt: new Date(base + 30 * MIN) })
      .where(eq(conversations.id, created.json().response.id as number));
    const cached = await stats(
      `timestamp=${base - HOUR}&toTimestamp=${base + DAY}&timezone=UTC`,
      a.admin,
      P.groupStatsV2,
    );
    expect(cached.cache).toBe('hit');
    expect(cached.body.newConversations).toBe(3);
    expect(cached.body.computedAt).toBe(first.body.computedAt);
    // …another question is computed afresh.
    const fresh = await stats(`${range}&statusList=-1,0,1,2,3,4,5,6,7`);
    expect(fresh.cache).toBe('miss');
    expect(fresh.body.newConversations).toBe(4);
    expect(fresh.body.byStatus['-1']).toBe(1);
    // Another tenant's identical query is its own entry.
    const other = await stats(range, b.admin);
    expect(other.cache).toBe('miss');
    expect(other.body.newConversations).toBe(0);
  });

  it('refuses bad input clearly and keeps end users out', async () => {
    const cases = [
      [`startTime=${base}&endTime=${base - 1}`, 'before'],
      [`startTime=0&endTime=${500 * DAY}`, '400 days'],
      [`${range}&timezone=Mars/Olympus`, 'time zone'],
      [`${range}&statusList=9`, 'statusList'],
      [`${range}&daily=maybe`, 'daily'],
      [`startTime=yesterday`, 'startTime'],
    ] as const;
    for (const [query, words] of cases) {
      const res = await call('GET', `${P.groupStats}?${query}`, a.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(words);
    }
    expect((await call('GET', `${P.groupStats}?${range}&agentId=nobody`, a.admin)).statusCode).toBe(404);
    const badAvg = await call('POST', P.responseAverage, a.admin, { startDate: 'soon', endDate: base });
    expect(badAvg.statusCode).toBe(400);

    const visitor = await newVisitor(t, a);
    const requests = [
      call('GET', `${P.groupStats}?${range}`, visitor.headers),
      call('GET', `${P.groupStatsV2}?${range}`, visitor.headers),
      call('POST', P.responseAverage, visitor.headers, { startDate: base - HOUR, endDate: base + DAY }),
      call('GET', P.agentScoreboard, visitor.headers),
      call('GET', P.reassignWaitingQueue, visitor.headers),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('newConversations');
    }
  });

  it('reassigns the waiting queue for admins only, within their own application', async () => {
    const db = t.database.db;
    const setOwner = (status: number) =>
      db
        .update(users)
        .set({ status })
        .where(and(eq(users.applicationId, a.applicationId), eq(users.userId, a.adminUserName)));
    await setOwner(0);
    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Queued',
    });
    const groupId = created.json().response.id as number;
    const info = async () =>
      (await call('GET', `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`, a.admin)).json().response;
    expect((await info()).status).toBe(7);
    await setOwner(1);

    const agent = await messagingMember(t.database, a.applicationId, '2');
    expect((await call('GET', P.reassignWaitingQueue, agent.headers)).statusCode).toBe(403);
    const elsewhere = await call('GET', P.reassignWaitingQueue, b.admin);
    expect(elsewhere.json().response).toEqual({ assigned: 0 });
    expect((await info()).status).toBe(7);
    const res = await call('GET', P.reassignWaitingQueue, a.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toEqual({ assigned: 1 });
    expect(await info()).toMatchObject({ status: 0, assignee: a.adminUserName });
  });

  it("never reveals another tenant's numbers", async () => {
    const requests = [
      call('GET', `${P.groupStats}?${range}&teamId=${secretTeam}`, b.admin),
      call('GET', `${P.groupStats}?${range}&agentId=${encodeURIComponent(a.adminUserName)}`, b.admin),
      call('GET', `${P.groupStatsV2}?${range}&applicationId=${a.applicationId}`, b.admin),
      call('POST', P.responseAverage, b.admin, {
        startDate: base - HOUR,
        endDate: base + DAY,
        teamId: secretTeam,
      }),
      call('GET', `${P.agentScoreboard}?${range}&teamId=${secretTeam}`, b.admin),
      call('GET', `${P.groupStats}?${range}`, { ...a.admin, 'application-key': b.applicationId }),
    ];
    for (const res of await Promise.all(requests)) {
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('newConversations');
    }
    const own = (await stats(`${range}&daily=true`, b.admin)).body;
    expect(own).toMatchObject({ newConversations: 0, resolved: 0, avgFirstResponseTime: null });
    const avg = await call('POST', P.responseAverage, b.admin, {
      startDate: base - HOUR,
      endDate: base + DAY,
    });
    expect(avg.json().response).toMatchObject({ responses: 0, averageResponseTime: null });
    const board = await call('GET', `${P.agentScoreboard}?${range}`, b.admin);
    const ids = board.json().response.agents.map((x: { userId: string }) => x.userId);
    expect(ids).toEqual([b.adminUserName]);
  });
});
