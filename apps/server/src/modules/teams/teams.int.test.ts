import { MESSAGING_PATHS, TEAM_USER_STATS_PATHS as P, teamMemberListPath } from '@convo/api';
import { DEFAULT_TEAM, type RoleType } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { addMember } from '../accounts/provision.js';

interface TeamBody {
  teamId: string;
  teamName: string;
  clientGroupId: string;
  members: { userId: string; displayName: string; roleType: string | null; status: number }[];
  role: string | null;
  isDefault: boolean;
}

describe.each(testDatabaseKinds())('teams on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const member = (tenant: Tenant, roleType: RoleType, opts: { status?: number; name?: string } = {}) =>
    messagingMember(t.database, tenant.applicationId, roleType, opts);

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: object,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  const create = async (tenant: Tenant, teamName: string, members?: string[]) => {
    const res = await call('POST', P.teamCreate, tenant.admin, { teamName, ...(members ? { members } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as TeamBody;
  };

  const groupInfo = async (groupId: number) =>
    (await call('GET', `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`, a.admin)).json().response as {
      status: number;
      assignee: string | null;
      teamId: string | null;
      metadata: Record<string, unknown>;
    };

  it('lists the Default Team first, by its display name, with the owner in it', async () => {
    await create(a, 'Zeta support');
    const list = await call('GET', P.teamList, a.admin);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.status).toBe('success');
    expect(typeof body.generatedAt).toBe('number');
    const teams = body.response as TeamBody[];
    expect(teams[0]).toMatchObject({
      teamId: DEFAULT_TEAM.clientGroupId,
      clientGroupId: DEFAULT_TEAM.clientGroupId,
      teamName: 'Default Team',
      isDefault: true,
      role: '1',
    });
    expect(teams[0]!.members.map((m) => m.userId)).toEqual([a.adminUserName]);
    expect(teams.map((x) => x.teamName)).toContain('Zeta support');

    const one = await call('GET', `${P.teamGet}?teamId=${DEFAULT_TEAM.clientGroupId}`, a.admin);
    expect(one.json().response.teamName).toBe('Default Team');

    const v2 = (await call('GET', P.teamListV2, a.admin)).json().response as (TeamBody & {
      memberCount: number;
    })[];
    expect(v2[0]).toMatchObject({ teamId: DEFAULT_TEAM.clientGroupId, memberCount: 1, role: '1' });
    expect(v2[0]).not.toHaveProperty('members');
  });

  it('creates a team with a generated id and its members, and refuses bad input clearly', async () => {
    const agent = await member(a, '2');
    const team = await create(a, 'Billing', [agent.userId]);
    expect(team.teamId).toBe(team.clientGroupId);
    expect(team.teamId).not.toBe('');
    expect(team.members).toEqual([
      { userId: agent.userId, displayName: expect.any(String), roleType: '2', status: 1 },
    ]);
    expect(team.role).toBeNull();

    const v2 = (await call('GET', P.teamListV2, a.admin)).json().response as {
      teamId: string;
      memberCount: number;
    }[];
    expect(v2.find((x) => x.teamId === team.teamId)?.memberCount).toBe(1);

    const visitor = await newVisitor(t, a);
    const cases: { payload: object; status: number; code: string }[] = [
      { payload: { teamName: '' }, status: 400, code: 'INVALID_PARAMETER' },
      { payload: { members: [agent.userId] }, status: 400, code: 'INVALID_PARAMETER' },
      { payload: { teamName: 'x'.repeat(101) }, status: 400, code: 'INVALID_PARAMETER' },
      { payload: { teamName: 'billing' }, status: 409, code: 'TEAM_ALREADY_EXISTS' },
      { payload: { teamName: 'Default Team' }, status: 409, code: 'TEAM_ALREADY_EXISTS' },
      { payload: { teamName: 'Ghosts', members: ['nobody-here'] }, status: 404, code: 'NOT_FOUND' },
      {
        payload: { teamName: 'Visitors', members: [visitor.userId] },
        status: 400,
        code: 'INVALID_PARAMETER',
      },
    ];
    for (const c of cases) {
      const res = await call('POST', P.teamCreate, a.admin, c.payload);
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(res.json().code).toBe(c.code);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const names = ((await call('GET', P.teamList, a.admin)).json().response as TeamBody[]).map(
      (x) => x.teamName,
    );
    expect(names).not.toContain('Ghosts');
    expect(names).not.toContain('Visitors');
  });

  it('protects the Default Team from renaming and deletion, and renames other teams', async () => {
    const rename = await call('PATCH', P.teamUpdate, a.admin, {
      teamId: DEFAULT_TEAM.clientGroupId,
      teamName: 'Everyone',
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toMatchObject({
      code: 'DEFAULT_TEAM_PROTECTED',
      message: 'The Default Team cannot be renamed.',
    });
    const del = await call('DELETE', `${P.teamDelete}?teamId=${DEFAULT_TEAM.clientGroupId}`, a.admin);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toMatchObject({
      code: 'DEFAULT_TEAM_PROTECTED',
      message: 'The Default Team cannot be deleted.',
    });
    const still = await call('GET', `${P.teamGet}?teamId=${DEFAULT_TEAM.clientGroupId}`, a.admin);
    expect(still.json().response.teamName).toBe('Default Team');

    const team = await create(a, 'Sales EU');
    const renamed = await call('PATCH', P.teamUpdate, a.admin, {
      teamId: team.teamId,
      teamName: 'Sales Europe',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().response).toMatchObject({ teamId: team.teamId, teamName: 'Sales Europe' });
    const missing = await call('PATCH', P.teamUpdate, a.admin, { teamId: 'no-such-team', teamName: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets agents read teams, only admins change them, and keeps end users out', async () => {
    const agent = await member(a, '2');
    const visitor = await newVisitor(t, a);
    expect((await call('GET', P.teamList, agent.headers)).statusCode).toBe(200);
    const writes = [
      call('POST', P.teamCreate, agent.headers, { teamName: 'By agent' }),
      call('PATCH', P.teamUpdate, agent.headers, { teamId: DEFAULT_TEAM.clientGroupId, teamName: 'X' }),
      call('PATCH', P.teammateAdd, agent.headers, {
        teamId: DEFAULT_TEAM.clientGroupId,
        userIds: [agent.userId],
      }),
      call('DELETE', `${P.teamDelete}?teamId=${DEFAULT_TEAM.clientGroupId}`, agent.headers),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(403);
    const reads = [
      call('GET', P.teamList, visitor.headers),
      call('GET', P.teamListV2, visitor.headers),
      call('GET', `${P.teamGet}?teamId=${DEFAULT_TEAM.clientGroupId}`, visitor.headers),
      call('GET', teamMemberListPath(DEFAULT_TEAM.clientGroupId), visitor.headers),
    ];
    for (const res of await Promise.all(reads)) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(a.adminUserName);
    }
  });

  it('hands a waiting conversation of a team to the teammate who joins it', async () => {
    const team = await create(a, 'Night shift');
    const agent = await member(a, '2', { name: 'Nora Night' });
    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Late question',
      metadata: { KM_TEAM_ID: team.teamId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const groupId = created.json().response.id as number;
    expect((await groupInfo(groupId)).status).toBe(7);

    const added = await call('PATCH', P.teammateAdd, a.admin, {
      teamId: team.teamId,
      userIds: [agent.userId],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().response).toMatchObject({ changed: 1, assigned: 1 });
    expect(added.json().response.team.members.map((m: { userId: string }) => m.userId)).toEqual([
      agent.userId,
    ]);
    const after = await groupInfo(groupId);
    expect(after.assignee).toBe(agent.userId);
    expect(after.status).toBe(0);

    // Adding again changes nothing; removing takes the teammate out.
    const again = await call('PATCH', P.teammateAdd, a.admin, {
      teamId: team.teamId,
      userIds: [agent.userId],
    });
    expect(again.json().response).toMatchObject({ changed: 0, assigned: 0 });
    const removed = await call('PATCH', P.teammateRemove, a.admin, {
      teamId: team.teamId,
      userIds: [agent.userId],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().response).toMatchObject({ changed: 1 });
    expect(removed.json().response.team.members).toEqual([]);
    const bad = await call('PATCH', P.teammateAdd, a.admin, { teamId: team.teamId, userIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('userIds');
  });

  it('pages team members 200 at most, with role and status filters', async () => {
    const team = await create(a, 'Big team');
    const ids: string[] = [];
    for (let i = 0; i < 203; i++) {
      const u = await addMember(t.database.db, a.applicationId, {
        email: `bulk${i}-${team.teamId.slice(-6)}@example.com`,
        name: `Bulk ${i}`,
        passwordHash: null,
        roleType: i < 3 ? '1' : '2',
      });
      ids.push(u.userId);
    }
    const add = await call('PATCH', P.teammateAdd, a.admin, { teamId: team.teamId, userIds: ids });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().response.changed).toBe(203);

    const first = (await call('GET', teamMemberListPath(team.teamId), a.admin)).json().response;
    expect(first).toMatchObject({ teamId: team.teamId, totalCount: 203, startIndex: 0, pageSize: 200 });
    expect(first.members).toHaveLength(200);
    const second = (await call('GET', `${teamMemberListPath(team.teamId)}?startIndex=200`, a.admin)).json()
      .response;
    expect(second.members).toHaveLength(3);
    const all = new Set([...first.members, ...second.members].map((m: { userId: string }) => m.userId));
    expect(all.size).toBe(203);

    const tooBig = await call('GET', `${teamMemberListPath(team.teamId)}?pageSize=201`, a.admin);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe('INVALID_PARAMETER');
    const admins = (await call('GET', `${teamMemberListPath(team.teamId)}?role=1`, a.admin)).json().response;
    expect(admins.totalCount).toBe(3);
    const small = (
      await call('GET', `${teamMemberListPath(team.teamId)}?role=0,1&status=1&pageSize=2`, a.admin)
    ).json().response;
    expect(small).toMatchObject({ totalCount: 3, pageSize: 2 });
    expect(small.members).toHaveLength(2);
    const away = (await call('GET', `${teamMemberListPath(team.teamId)}?status=0`, a.admin)).json().response;
    expect(away.totalCount).toBe(0);
    const badRole = await call('GET', `${teamMemberListPath(team.teamId)}?role=admin`, a.admin);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toContain('role');
  });

  it('deletes a team and its conversations lose their team', async () => {
    const team = await create(a, 'Temporary');
    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Team chat',
      metadata: { KM_TEAM_ID: team.teamId },
    });
    const groupId = created.json().response.id as number;
    expect((await groupInfo(groupId)).teamId).not.toBeNull();

    const del = await call('DELETE', `${P.teamDelete}?teamId=${team.teamId}`, a.admin);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().response).toEqual({ teamId: team.teamId, deleted: true, conversationsWithoutTeam: 1 });
    const after = await groupInfo(groupId);
    expect(after.teamId).toBeNull();
    expect(after.metadata).not.toHaveProperty('KM_TEAM_ID');
    // Without a team, the waiting conversation went to one of the application's online agents.
    expect(after.assignee).not.toBeNull();
    expect(after.status).toBe(0);
    expect((await call('GET', `${P.teamGet}?teamId=${team.teamId}`, a.admin)).statusCode).toBe(404);
    expect((await call('DELETE', `${P.teamDelete}?teamId=${team.teamId}`, a.admin)).statusCode).toBe(404);
  });

  it("never shows or changes another tenant's teams", async () => {
    const agentA = await member(a, '2', { name: 'Secret Sam' });
    const team = await create(a, 'Secret squad', [agentA.userId]);
    const agentB = await member(b, '2');
    const requests = [
      call('GET', `${P.teamGet}?teamId=${team.teamId}`, b.admin),
      call('PATCH', P.teamUpdate, b.admin, { teamId: team.teamId, teamName: 'Mine now' }),
      call('PATCH', P.teammateAdd, b.admin, { teamId: team.teamId, userIds: [agentB.userId] }),
      call('PATCH', P.teammateRemove, b.admin, { teamId: team.teamId, userIds: [agentA.userId] }),
      call('DELETE', `${P.teamDelete}?teamId=${team.teamId}`, b.admin),
      call('GET', teamMemberListPath(team.teamId), b.admin),
      // B's own team with A's user: that user is unknown to B.
      call('PATCH', P.teammateAdd, b.admin, { teamId: DEFAULT_TEAM.clientGroupId, userIds: [agentA.userId] }),
      call('POST', P.teamCreate, b.admin, { teamName: 'Poach', members: [agentA.userId] }),
      // A's token with B's application key.
      call('GET', P.teamList, { ...a.admin, 'application-key': b.applicationId }),
    ];
    for (const res of await Promise.all(requests)) {
      expect([403, 404], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('Secret');
    }
    for (const url of [P.teamList, P.teamListV2, teamMemberListPath(DEFAULT_TEAM.clientGroupId)]) {
      const res = await call('GET', url, b.admin);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Secret');
      expect(res.body).not.toContain(a.adminUserName);
    }
    const mine = await call('GET', `${P.teamGet}?teamId=${team.teamId}`, a.admin);
    expect(mine.json().response).toMatchObject({ teamName: 'Secret squad' });
    expect(mine.json().response.members.map((m: { userId: string }) => m.userId)).toEqual([agentA.userId]);
  });
});
