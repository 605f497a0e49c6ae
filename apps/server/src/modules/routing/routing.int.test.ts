import { MESSAGING_PATHS } from '@convo/api';
import { NOTIFY_EVERYBODY_AGENT_LIMIT } from '@convo/domain';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { addTestMember, joinDefaultTeam, setUserStatus, updateSettings } from '../../testing/members.js';
import { makeQuiet, newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { assignWaiting, autoResolveDue } from '../conversations/service.js';
import { eventsAfter } from '../realtime/event-repository.js';
import { audienceUser, EVENT } from '../realtime/event-types.js';
import { createRealtime } from '../realtime/realtime.js';

describe.each(testDatabaseKinds())('routing and transitions on %s', (kind) => {
  const { t } = useTestApp(kind);
  const deps = () => ({
    db: t.database.db,
    realtime: createRealtime(createMemoryPubSub(), pino({ level: 'silent' })),
  });

  /** A tenant whose owner is away, so only the agents added by the test take conversations. */
  async function tenantWithAgents(n: number, status = 1) {
    const tenant = await newTenant(t);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.applicationId, tenant.applicationId));
    const agents = [];
    for (let i = 0; i < n; i++) {
      const a = await addTestMember(t.database, tenant.applicationId, '2', status);
      await joinDefaultTeam(t.database, tenant.applicationId, a.id);
      agents.push(a);
    }
    return { tenant, agents };
  }

  async function conversation(tenant: Tenant, headers?: Record<string, string>) {
    const visitor = await newVisitor(t, tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: headers ?? visitor.headers,
      payload: { groupName: 'Question' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // As the team sees it: a visitor reads members by alias and public name (visitor-view.ts).
    const feed: {
      id: number;
      assignee: string | null;
      status: number;
      tags: { name: string }[];
    } = await info(tenant, (res.json().response as { id: number }).id);
    return { visitor, feed };
  }

  const info = async (tenant: Tenant, groupId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
        headers: tenant.admin,
      })
    ).json().response;

  it('spreads new conversations over the online agents of the team evenly (round robin)', async () => {
    const { tenant, agents } = await tenantWithAgents(5);
    const counts = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const { feed } = await conversation(tenant);
      counts.set(feed.assignee!, (counts.get(feed.assignee!) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(agents.map((a) => a.userId).sort());
    expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
  });

  it('under notify everybody assigns nobody and notifies ten online agents at most (SPEC §4)', async () => {
    const { tenant, agents } = await tenantWithAgents(12);
    await updateSettings(t.database, tenant.applicationId, { agentRouting: 0 });
    const { feed } = await conversation(tenant);
    expect(feed.assignee).toBeNull();
    const notified = (
      await eventsAfter(
        t.database.db,
        tenant.applicationId,
        0,
        agents.map((a) => audienceUser(a.id)),
        1000,
      )
    ).filter((e) => e.type === EVENT.CONVERSATION_NOTIFY && e.conversationId === feed.id);
    // One event, on the own stream of each notified agent.
    expect(notified).toHaveLength(1);
    expect(new Set(notified[0]!.audiences).size).toBe(NOTIFY_EVERYBODY_AGENT_LIMIT);
  });

  it('skips away agents, queues when nobody is online, and hands the queue out when an agent comes online', async () => {
    const { tenant, agents } = await tenantWithAgents(2, 0);
    const { feed } = await conversation(tenant);
    expect(feed.status).toBe(7);
    expect(feed.assignee).toBeNull();
    await setUserStatus(t.database, agents[1]!.id, 1);
    expect(await assignWaiting(deps(), tenant.applicationId)).toBe(1);
    const after = await info(tenant, feed.id);
    expect(after.status).toBe(0);
    expect(after.assignee).toBe(agents[1]!.userId);
  });

  const reply = async (tenant: Tenant, groupId: number, message: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: tenant.admin,
      payload: { key: `k-${Math.random().toString(36).slice(2)}`, groupId, message },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('gives a waiting conversation to the agent who answers it, so the queue does not hand it to another', async () => {
    const { tenant, agents } = await tenantWithAgents(1, 0);
    const { feed } = await conversation(tenant);
    expect(feed).toMatchObject({ status: 7, assignee: null });
    await reply(tenant, feed.id, 'Hello, I am looking into it');
    expect(await info(tenant, feed.id)).toMatchObject({ status: 0, assignee: tenant.adminUserName });
    await setUserStatus(t.database, agents[0]!.id, 1);
    expect(await assignWaiting(deps(), tenant.applicationId)).toBe(0);
    expect((await info(tenant, feed.id)).assignee).toBe(tenant.adminUserName);
    // A second reply changes nothing; nor does a reply in a conversation someone else has.
    await reply(tenant, feed.id, 'Still here');
    const { feed: theirs } = await conversation(tenant);
    expect(theirs.assignee).toBe(agents[0]!.userId);
    await reply(tenant, theirs.id, 'Chiming in');
    expect((await info(tenant, theirs.id)).assignee).toBe(agents[0]!.userId);
  });

  it("does not let one team's queue hold up another's", async () => {
    const { tenant, agents } = await tenantWithAgents(1, 0);
    const team = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/team/create',
      headers: tenant.admin,
      payload: { teamName: 'Nobody here' },
    });
    expect(team.statusCode, team.body).toBe(200);
    const emptyTeam = team.json().response.teamId as string;
    const visitor = await newVisitor(t, tenant);
    const first = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'For the empty team', metadata: { KM_TEAM_ID: emptyTeam } },
    });
    expect(first.json().response.status).toBe(7);
    expect(first.json().response.teamId).toBe(emptyTeam);
    const { feed: second } = await conversation(tenant);
    expect(second.status).toBe(7);
    await setUserStatus(t.database, agents[0]!.id, 1);
    expect(await assignWaiting(deps(), tenant.applicationId)).toBe(1);
    expect((await info(tenant, second.id)).assignee).toBe(agents[0]!.userId);
    expect((await info(tenant, first.json().response.id)).status).toBe(7);
  });

  it('tags a conversation Force-assigned when an admin assigns it to an agent who is away', async () => {
    const { tenant, agents } = await tenantWithAgents(1);
    const away = await addTestMember(t.database, tenant.applicationId, '2', 0);
    const { feed } = await conversation(tenant);
    expect(feed.assignee).toBe(agents[0]!.userId);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.assigneeChange}?groupId=${feed.id}&assignee=${encodeURIComponent(away.userId)}`,
      headers: tenant.admin,
    });
    expect(res.json().response.result).toBe('updated');
    const after = await info(tenant, feed.id);
    expect(after.assignee).toBe(away.userId);
    expect(after.tags.map((x: { name: string }) => x.name)).toContain('Force-assigned');
  });

  it('removes the bot when an agent takes over and removeBotOnAgentHandOff is on', async () => {
    const { tenant, agents } = await tenantWithAgents(1);
    await updateSettings(t.database, tenant.applicationId, { removeBotOnAgentHandOff: true });
    const bot = await addTestMember(t.database, tenant.applicationId, '3');
    const visitor = await newVisitor(t, tenant);
    const created = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Bot first', users: [{ userId: bot.userId, groupRole: 2 }] },
    });
    const groupId = created.json().response.id as number;
    expect((await info(tenant, groupId)).membersId).toContain(bot.userId);
    await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.assigneeChange}?groupId=${groupId}&assignee=${encodeURIComponent(agents[0]!.userId)}&takeOverFromBot=true`,
      headers: tenant.admin,
    });
    expect((await info(tenant, groupId)).membersId).not.toContain(bot.userId);
  });

  it('auto-resolves silent conversations the agent answered last, tagging them, and spares the others', async () => {
    const { tenant, agents } = await tenantWithAgents(1);
    await updateSettings(t.database, tenant.applicationId, { autoResolveAfterMinutes: 30 });
    const agentHeaders = tenant.admin;
    const make = async (lastBy: 'agent' | 'customer', doNotResolve = false) => {
      const { visitor, feed } = await conversation(tenant);
      const send = (h: Record<string, string>, key: string) =>
        t.app.inject({
          method: 'POST',
          url: MESSAGING_PATHS.messageSend,
          headers: h,
          payload: { key, groupId: feed.id, message: key },
        });
      await send(visitor.headers, `c-${feed.id}`);
      if (lastBy === 'agent') await send(agentHeaders, `a-${feed.id}`);
      if (doNotResolve) {
        await t.app.inject({
          method: 'PATCH',
          url: '/rest/ws/group/add/tags',
          headers: agentHeaders,
          payload: { groupId: feed.id, tags: ['Do-not-auto-resolve'] },
        });
      }
      await makeQuiet(t.database.db, feed.id, 31);
      return feed.id;
    };
    const answered = await make('agent');
    const waitingForUs = await make('customer');
    const protectedOne = await make('agent', true);
    expect(agents).toHaveLength(1);
    expect(await autoResolveDue(deps())).toBeGreaterThanOrEqual(1);
    const a = await info(tenant, answered);
    expect(a.status).toBe(2);
    expect(a.tags.map((x: { name: string }) => x.name)).toContain('Auto-resolved-human');
    expect((await info(tenant, waitingForUs)).status).toBe(0);
    expect((await info(tenant, protectedOne)).status).toBe(0);
  });
});
