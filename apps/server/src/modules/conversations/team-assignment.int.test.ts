import { MESSAGING_PATHS } from '@convo/api';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationEvents, messages, users } from '../../db/schema/index.js';
import { addTestMember, updateSettings } from '../../testing/members.js';
import { newTenant, newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('assigning a conversation to a team on %s', (kind) => {
  const { t } = useTestApp(kind);

  /** A tenant whose own members are away: only the agents a test adds take conversations. */
  async function quietTenant() {
    const tenant = await newTenant(t);
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.applicationId, tenant.applicationId));
    return tenant;
  }

  async function createTeam(tenant: Tenant, teamName: string, members: string[] = []) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/team/create',
      headers: tenant.admin,
      payload: { teamName, members },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.teamId as string;
  }

  async function conversation(tenant: Tenant) {
    const visitor = await newVisitor(t, tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Pricing question' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as { id: number; teamId: string | null; assignee: string | null };
  }

  const changeTeam = (tenant: Tenant, groupId: number, teamId: string, headers = tenant.admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.teamChange}?groupId=${groupId}&teamId=${encodeURIComponent(teamId)}`,
      headers,
    });

  it('hands the conversation to the next online agent of the team by round robin (automatic routing)', async () => {
    const tenant = await quietTenant();
    await updateSettings(t.database, tenant.applicationId, { agentRouting: 1 });
    const a = await addTestMember(t.database, tenant.applicationId, '2', 1);
    const b = await addTestMember(t.database, tenant.applicationId, '2', 1);
    const away = await addTestMember(t.database, tenant.applicationId, '2', 0);
    const sales = await createTeam(tenant, 'Sales', [a.userId, b.userId, away.userId]);
    const assignees = [];
    for (let i = 0; i < 4; i++) {
      const conv = await conversation(tenant);
      const res = await changeTeam(tenant, conv.id, sales);
      expect(res.statusCode, res.body).toBe(200);
      const { result, feed } = res.json().response;
      expect(result).toBe('updated');
      expect(feed.teamId).toBe(sales);
      expect(feed.metadata.KM_TEAM_ID).toBe(sales);
      assignees.push(feed.assignee);
    }
    expect(assignees.filter((x) => x === a.userId)).toHaveLength(2);
    expect(assignees.filter((x) => x === b.userId)).toHaveLength(2);
    expect(assignees).not.toContain(away.userId);
  });

  it('leaves it unassigned in the team when agents are notified (routing 0), with a system line and a timeline event', async () => {
    const tenant = await quietTenant();
    await updateSettings(t.database, tenant.applicationId, { agentRouting: 0 });
    const agent = await addTestMember(t.database, tenant.applicationId, '2', 1);
    const support = await createTeam(tenant, 'Support', [agent.userId]);
    const conv = await conversation(tenant);
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.assigneeChange}?groupId=${conv.id}&assignee=${encodeURIComponent(agent.userId)}`,
      headers: tenant.admin,
    });
    expect(assigned.json().response.feed.assignee).toBe(agent.userId);
    const res = await changeTeam(tenant, conv.id, support);
    expect(res.statusCode, res.body).toBe(200);
    const feed = res.json().response.feed;
    expect(feed.teamId).toBe(support);
    expect(feed.assignee).toBeNull();
    const lines = await t.database.db
      .select({ message: messages.message, metadata: messages.metadata })
      .from(messages)
      .where(eq(messages.conversationId, conv.id));
    const line = lines.find((l) => l.message === 'Assigned to team Support');
    expect(line?.metadata).toMatchObject({ KM_ASSIGN_TEAM: support });
    const events = await t.database.db
      .select({ type: conversationEvents.type, data: conversationEvents.data })
      .from(conversationEvents)
      .where(and(eq(conversationEvents.conversationId, conv.id), eq(conversationEvents.type, 'team')));
    expect(events).toEqual([{ type: 'team', data: { team: support, teamName: 'Support' } }]);
    const again = await changeTeam(tenant, conv.id, support);
    expect(again.json().response.result).toBe('already updated');
  });

  it('queues the conversation when nobody of the team is online (automatic routing)', async () => {
    const tenant = await quietTenant();
    await updateSettings(t.database, tenant.applicationId, { agentRouting: 1 });
    const nobody = await createTeam(tenant, 'Night shift');
    const conv = await conversation(tenant);
    const feed = (await changeTeam(tenant, conv.id, nobody)).json().response.feed;
    expect(feed.status).toBe(7);
    expect(feed.assignee).toBeNull();
  });

  it("refuses another tenant's team and unknown teams, and end users", async () => {
    const tenant = await quietTenant();
    const other = await newTenant(t);
    const theirs = await createTeam(other, 'Theirs');
    const conv = await conversation(tenant);
    const res = await changeTeam(tenant, conv.id, theirs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect((await changeTeam(tenant, conv.id, 'no-such-team')).statusCode).toBe(400);
    // Their conversation is not ours to move either.
    const foreign = await conversation(other);
    expect((await changeTeam(tenant, foreign.id, theirs)).statusCode).toBe(404);
    const visitor = await newVisitor(t, tenant);
    expect((await changeTeam(tenant, conv.id, theirs, visitor.headers)).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.teamChange}?groupId=${conv.id}`,
      headers: tenant.admin,
    });
    expect(missing.statusCode).toBe(400);
  });
});
