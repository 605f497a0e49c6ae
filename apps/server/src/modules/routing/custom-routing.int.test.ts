import { MESSAGING_PATHS, CUSTOM_ROUTING_PATHS as P } from '@convo/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { addTestMember, joinDefaultTeam, messagingMember, setUserStatus } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('custom routing on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const createTeam = async (tenant: Tenant, teamName: string) => {
    const res = await call('POST', '/rest/ws/team/create', tenant.admin, { teamName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response.teamId as string;
  };

  const openConversation = async (tenant: Tenant, userId: string) => {
    const visitor = await newVisitor(t, tenant, userId);
    const res = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Hi',
      type: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().response.id as number;
    const info = await call('GET', `${MESSAGING_PATHS.groupInfo}?groupId=${id}`, tenant.admin);
    return info.json().response as { assignee: string | null; teamId: string | null };
  };

  it('upserts JSON rows one by one, reports the bad ones by line, and lists the routes', async () => {
    const agent = await addTestMember(t.database, a.applicationId, '2');
    const disabled = await addTestMember(t.database, a.applicationId, '2', 2);
    const bot = await addTestMember(t.database, a.applicationId, '3');
    const sales = await createTeam(a, 'Sales routing');
    const res = await call('POST', P.bulkUpsert, a.admin, {
      rows: [
        { userId: 'cust-1', agentId: agent.userId },
        { userId: 'cust-2', teamId: sales },
        { userId: '', agentId: agent.userId },
        { userId: 'cust-3' },
        { userId: 'cust-4', agentId: agent.userId, teamId: sales },
        { userId: 'cust-5', agentId: 'nobody@example.com' },
        { userId: 'cust-6', teamId: 'no-such-team' },
        { userId: 'cust-7', agentId: disabled.userId },
        { userId: 'cust-8', agentId: bot.userId },
        { userId: 'cust-1', teamId: sales },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().response;
    expect(result.created).toBe(2);
    expect(result.updated).toBe(0);
    expect(result.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.errors.every((e: { code: string }) => e.code === 'INVALID_PARAMETER')).toBe(true);
    expect(result.errors[3].message).toBe('Unknown agent: nobody@example.com');
    expect(result.errors[7].message).toMatch(/line 1/);

    // Again, changed: an update, not a second row.
    const again = await call('POST', P.bulkUpsert, a.admin, { rows: [{ userId: 'cust-1', teamId: sales }] });
    expect(again.json().response).toMatchObject({ created: 0, updated: 1, errors: [] });

    const list = await call('GET', P.list, a.admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().response.routes).toEqual([
      expect.objectContaining({ userId: 'cust-1', agentId: null, teamId: sales, teamName: 'Sales routing' }),
      expect.objectContaining({ userId: 'cust-2', agentId: null, teamId: sales }),
    ]);
    // Another application sees none of them.
    const other = await call('GET', P.list, b.admin);
    expect(other.json().response).toEqual({ routes: [], totalCount: 0 });
  });

  it('reads a CSV file and refuses one without the needed columns', async () => {
    const agent = await addTestMember(t.database, a.applicationId, '2');
    const csv = `UserID, AgentId ,teamId\r\ncsv-1,${agent.userId},\r\n\r\ncsv-2,,km_default_team\r\ncsv-3,,\r\n`;
    const res = await call('POST', P.bulkUpsert, a.admin, { csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({
      created: 2,
      errors: [{ line: 5, userId: 'csv-3', message: 'agentId or teamId is required' }],
    });
    for (const bad of ['', 'agentId\nx', 'userId,name\nx,y', 'userId,agentId\n']) {
      const r = await call('POST', P.bulkUpsert, a.admin, { csv: bad });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('INVALID_PARAMETER');
    }
  });

  it('refuses bad bodies with 400, callers without the privilege with 403', async () => {
    for (const body of [
      {},
      { rows: [] },
      { rows: [{ userId: 'x' }], csv: 'userId,agentId' },
      { rows: 'x' },
    ]) {
      const r = await call('POST', P.bulkUpsert, a.admin, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('INVALID_PARAMETER');
    }
    const del = await call('POST', P.bulkDelete, a.admin, { userIds: [] });
    expect(del.statusCode).toBe(400);
    expect(del.json().code).toBe('INVALID_PARAMETER');

    const operator = await messagingMember(t.database, a.applicationId, '12');
    for (const [method, url, body] of [
      ['POST', P.bulkUpsert, { rows: [{ userId: 'x', teamId: 'km_default_team' }] }],
      ['POST', P.bulkDelete, { userIds: ['x'] }],
      ['GET', P.list, undefined],
    ] as const) {
      const r = await call(method, url, operator.headers, body);
      expect(r.statusCode, url).toBe(403);
    }
    const visitor = await newVisitor(t, a);
    const asVisitor = await call('GET', P.list, visitor.headers);
    expect([401, 403]).toContain(asVisitor.statusCode);
  });

  it("routes a customer's next conversation to the chosen agent or team; delete ends it", async () => {
    // Only the members added here are online, so round robin alone would never pick the agent.
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.applicationId, b.applicationId));
    const online = await addTestMember(t.database, b.applicationId, '2', 1);
    await joinDefaultTeam(t.database, b.applicationId, online.id);
    const dedicated = await addTestMember(t.database, b.applicationId, '2', 0);
    const vip = await createTeam(b, 'VIP');
    const vipAgent = await addTestMember(t.database, b.applicationId, '2', 1);
    const add = await call('PATCH', '/rest/ws/team/teammate/add', b.admin, {
      teamId: vip,
      userIds: [vipAgent.userId],
    });
    expect(add.statusCode, add.body).toBe(200);

    const up = await call('POST', P.bulkUpsert, b.admin, {
      rows: [
        { userId: 'routed-to-agent', agentId: dedicated.userId },
        { userId: 'routed-to-team', teamId: vip },
      ],
    });
    expect(up.json().response.errors).toEqual([]);

    const toAgent = await openConversation(b, 'routed-to-agent');
    expect(toAgent.assignee).toBe(dedicated.userId);
    const toTeam = await openConversation(b, 'routed-to-team');
    expect(toTeam.teamId).toBe(vip);
    expect(toTeam.assignee).toBe(vipAgent.userId);
    const plain = await openConversation(b, 'not-routed');
    expect(plain.assignee).toBe(online.userId);

    // The same customer id in another application is not routed by b's rows.
    const elsewhere = await openConversation(a, 'routed-to-agent');
    expect(elsewhere.assignee).not.toBe(dedicated.userId);

    // A deactivated agent's customers fall back to ordinary routing.
    await setUserStatus(t.database, dedicated.id, 2);
    const fallback = await call(
      'POST',
      MESSAGING_PATHS.groupCreateV21,
      (await newVisitor(t, b, 'routed-to-agent')).headers,
      {
        groupName: 'Again',
        type: 10,
      },
    );
    expect(fallback.statusCode, fallback.body).toBe(200);
    await setUserStatus(t.database, dedicated.id, 0);

    const del = await call('POST', P.bulkDelete, b.admin, {
      userIds: ['routed-to-agent', 'routed-to-agent', 'none'],
    });
    expect(del.json().response).toEqual({ deleted: 1 });
    // b's delete never touches a's rows; a's own delete of b's customer deletes nothing.
    expect(
      (await call('POST', P.bulkDelete, a.admin, { userIds: ['routed-to-team'] })).json().response,
    ).toEqual({
      deleted: 0,
    });
    const after = await openConversation(b, 'routed-to-agent');
    expect(after.assignee).toBe(online.userId);
  });
});
