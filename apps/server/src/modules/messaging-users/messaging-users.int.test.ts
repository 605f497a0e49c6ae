import { MESSAGING_PATHS, TEAM_USER_STATS_PATHS as P } from '@convo/api';
import { DEFAULT_TEAM, GROUP_ROLE, type RoleType } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { Client } from '../../testing/ws-client.js';
import { addMember } from '../accounts/provision.js';
import { insertTeamMembers, updateUser } from '../accounts/repository.js';
import { findTeam } from '../teams/repository.js';
import { setAvailability } from './service.js';

interface UserBody {
  userId: string;
  displayName: string;
  email: string | null;
  imageLink: string | null;
  roleType: string | null;
  status: number;
  connected: boolean;
  deactivated: boolean;
  metadata: Record<string, string>;
}

describe.each(testDatabaseKinds())('messaging users on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const member = (tenant: Tenant, roleType: RoleType, opts: { status?: number; name?: string } = {}) =>
    messagingMember(t.database, tenant.applicationId, roleType, opts);

  const call = (method: 'GET' | 'POST', url: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });

  const details = async (headers: object, userIdList: string[]) => {
    const res = await call('POST', P.userDetail, headers, { userIdList });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().response as UserBody[];
  };

  it('lists users for members: all, by role type, customers only, paged', async () => {
    const agent = await member(a, '2', { name: 'Listed Agent' });
    const visitor = await newVisitor(t, a);
    const all = await call('GET', P.userList, agent.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().status).toBe('success');
    const ids = (all.json().response.users as UserBody[]).map((u) => u.userId);
    expect(ids).toEqual(expect.arrayContaining([a.adminUserName, agent.userId, visitor.userId]));

    const agents = (await call('GET', `${P.userList}?roleType=2`, a.admin)).json().response;
    expect(agents.users.every((u: UserBody) => u.roleType === '2')).toBe(true);
    expect(agents.users.map((u: UserBody) => u.userId)).toContain(agent.userId);
    const admins = (await call('GET', `${P.userList}?roleType=0,1`, a.admin)).json().response;
    expect(admins.users.map((u: UserBody) => u.userId)).toEqual([a.adminUserName]);
    const customers = (await call('GET', `${P.userList}?roleType=customers`, a.admin)).json().response;
    expect(customers.users.every((u: UserBody) => u.roleType === null)).toBe(true);
    expect(customers.users.map((u: UserBody) => u.userId)).toContain(visitor.userId);

    const page = (await call('GET', `${P.userList}?startIndex=1&pageSize=1`, a.admin)).json().response;
    expect(page).toMatchObject({ startIndex: 1, pageSize: 1, totalCount: ids.length });
    expect(page.users).toHaveLength(1);

    for (const q of ['roleType=boss', 'pageSize=101', 'startIndex=-1']) {
      const res = await call('GET', `${P.userList}?${q}`, a.admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    const asVisitor = await call('GET', P.userList, visitor.headers);
    expect(asVisitor.statusCode).toBe(403);
    expect(asVisitor.body).not.toContain(a.adminUserName);
  });

  it('searches display name, userId and e-mail, case-insensitively, 20 at most', async () => {
    const target = await member(a, '2', { name: 'Quentin Quarry' });
    await newVisitor(t, a, 'quarry-visitor-1');
    const byName = (await call('GET', `${P.userSearch}?q=qUARRY`, a.admin)).json().response as UserBody[];
    expect(byName.map((u) => u.userId)).toEqual(expect.arrayContaining([target.userId, 'quarry-visitor-1']));
    const byMail = (
      await call('GET', `${P.userSearch}?q=${encodeURIComponent(target.userId.slice(0, 6))}`, a.admin)
    ).json().response as UserBody[];
    expect(byMail.map((u) => u.userId)).toContain(target.userId);
    // LIKE wildcards are taken literally.
    const wild = (await call('GET', `${P.userSearch}?q=%25`, a.admin)).json().response as UserBody[];
    expect(wild).toEqual([]);

    for (let i = 0; i < 22; i++) {
      await addMember(t.database.db, a.applicationId, {
        email: `zz${i}@example.com`,
        name: `Zebra ${i}`,
        passwordHash: null,
        roleType: '2',
      });
    }
    const many = (await call('GET', `${P.userSearch}?q=zebra`, a.admin)).json().response as UserBody[];
    expect(many).toHaveLength(20);

    expect((await call('GET', `${P.userSearch}?q=`, a.admin)).statusCode).toBe(400);
    const visitor = await newVisitor(t, a);
    expect((await call('GET', `${P.userSearch}?q=zebra`, visitor.headers)).statusCode).toBe(403);
  });

  it('gives user details; an end user their own and no one of no conversation of theirs', async () => {
    const agent = await member(a, '2', { name: 'Detail Dora' });
    const visitor = await newVisitor(t, a);
    const found = await details(a.admin, [agent.userId, visitor.userId, 'nobody-at-all']);
    expect(found.map((u) => u.userId)).toEqual([agent.userId, visitor.userId]);
    expect(found[0]).toMatchObject({
      displayName: 'Detail Dora',
      roleType: '2',
      connected: true,
      deactivated: false,
    });

    const own = await details(visitor.headers, [visitor.userId]);
    expect(own).toHaveLength(1);
    // An agent of none of the visitor's conversations, and another customer: simply absent
    // (the team members of their own conversations: kommunicate-widget.int.test.ts).
    const stranger = await newVisitor(t, a);
    const other = await call('POST', P.userDetail, visitor.headers, {
      userIdList: [agent.userId, stranger.userId],
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().response).toEqual([]);
    expect(other.body).not.toContain('Detail Dora');
    const empty = await call('POST', P.userDetail, a.admin, { userIdList: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('userIdList');
  });

  it('updates the own profile, and an end user through Of-User-Id for admins only', async () => {
    const agent = await member(a, '2');
    const visitor = await newVisitor(t, a);
    const own = await call('POST', P.userUpdate, agent.headers, {
      displayName: 'Renamed Agent',
      metadata: { shift: 'night', desk: '4' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'success', response: 'success' });
    await call('POST', P.userUpdate, agent.headers, { metadata: { desk: '5' } });
    const [me] = await details(a.admin, [agent.userId]);
    expect(me).toMatchObject({ displayName: 'Renamed Agent', metadata: { shift: 'night', desk: '5' } });

    const byAdmin = await call(
      'POST',
      P.userUpdate,
      { ...a.admin, 'of-user-id': visitor.userId },
      { email: 'Visitor@Example.com', imageLink: 'https://example.com/v.png' },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const [v] = await details(a.admin, [visitor.userId]);
    expect(v).toMatchObject({ email: 'visitor@example.com', imageLink: 'https://example.com/v.png' });

    const visitorOwn = await call('POST', P.userUpdate, visitor.headers, { displayName: 'Vera Visitor' });
    expect(visitorOwn.statusCode).toBe(200);
    expect((await details(visitor.headers, [visitor.userId]))[0]!.displayName).toBe('Vera Visitor');

    const refused = [
      // An agent cannot act for someone else; nor can an end user.
      {
        headers: { ...agent.headers, 'of-user-id': visitor.userId },
        payload: { displayName: 'x' },
        status: 403,
      },
      {
        headers: { ...visitor.headers, 'of-user-id': agent.userId },
        payload: { displayName: 'x' },
        status: 403,
      },
      { headers: { ...a.admin, 'of-user-id': 'no-such-user' }, payload: { displayName: 'x' }, status: 404 },
      { headers: a.admin, payload: {}, status: 400 },
      { headers: a.admin, payload: { email: 'not-an-email' }, status: 400 },
      { headers: a.admin, payload: { imageLink: 'javascript:alert(1)' }, status: 400 },
      { headers: a.admin, payload: { metadata: 'text' }, status: 400 },
      { headers: agent.headers, payload: { email: a.adminUserName }, status: 409 },
    ];
    for (const r of refused) {
      const res = await call('POST', P.userUpdate, r.headers, r.payload);
      expect(res.statusCode, JSON.stringify(r.payload)).toBe(r.status);
      expect(res.json().message).toEqual(expect.any(String));
    }
    // The family's delegation (accounts/delegation.ts): an admin acts for any user of the
    // application but a super admin, members included.
    const forAgent = await call(
      'POST',
      P.userUpdate,
      { ...a.admin, 'of-user-id': agent.userId },
      {
        displayName: 'Renamed Agent',
      },
    );
    expect(forAgent.statusCode, forAgent.body).toBe(200);
    expect((await details(a.admin, [agent.userId]))[0]!.displayName).toBe('Renamed Agent');
  });

  it('sets availability: away makes conversations wait, online takes them and tells everybody', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The owner goes away; the only other Default Team member is an away agent.
    const owner = await call('POST', P.userStatus, a.admin, { status: 0 });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().response).toEqual({ userId: a.adminUserName, status: 0, assigned: 0 });
    const agent = await member(a, '2', { status: 0, name: 'Available Ava' });
    const team = await findTeam(t.database.db, a.applicationId, DEFAULT_TEAM.clientGroupId);
    await insertTeamMembers(t.database.db, [
      { teamId: team!.id, userId: agent.id, applicationId: a.applicationId, role: GROUP_ROLE.MEMBER },
    ]);

    const visitor = await newVisitor(t, a);
    const created = await call('POST', MESSAGING_PATHS.groupCreateV21, visitor.headers, {
      groupName: 'Anyone?',
    });
    const groupId = created.json().response.id as number;
    const info = async () =>
      (await call('GET', `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`, a.admin)).json().response;
    expect(await info()).toMatchObject({ status: 7, assignee: null });

    const watcher = await Client.connect(base, (await member(a, '1')).token);
    const online = await call('POST', P.userStatus, agent.headers, { status: 1 });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json().response).toEqual({ userId: agent.userId, status: 1, assigned: 1 });
    expect(await info()).toMatchObject({ status: 0, assignee: agent.userId });
    const presence = await watcher.next((f) => f.type === 'presence');
    expect(presence.data).toEqual({ userId: agent.userId, status: 1 });
    expect(presence.seq).toBeUndefined();
    watcher.close();
    const [after] = await details(a.admin, [agent.userId]);
    expect(after).toMatchObject({ status: 1, connected: true });

    for (const payload of [{ status: 2 }, { status: 'online' }, {}]) {
      const res = await call('POST', P.userStatus, agent.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain('status');
    }
    expect((await call('POST', P.userStatus, visitor.headers, { status: 1 })).statusCode).toBe(403);
    await call('POST', P.userStatus, a.admin, { status: 1 });
  });

  it('refuses a status change by a deactivated user', async () => {
    const agent = await member(a, '2');
    await updateUser(t.database.db, agent.id, { status: 2 });
    // The session itself no longer authenticates…
    expect((await call('POST', P.userStatus, agent.headers, { status: 1 })).statusCode).toBe(401);
    // …and the rule holds in the service too.
    const caller = {
      tokenHash: '',
      userId: agent.id,
      userName: agent.userId,
      applicationId: a.applicationId,
      roleType: '2' as const,
      product: 'classic' as const,
      sessionExpiresAt: new Date(Date.now() + 60_000),
    };
    const deps = {
      db: t.database.db,
      realtime: { transaction: () => Promise.reject(), publishEphemeral: async () => {}, wakeJobs: () => {} },
    };
    await expect(setAvailability(deps, caller, 1)).rejects.toMatchObject({
      statusCode: 403,
      code: 'USER_DISABLED',
    });
    expect((await details(a.admin, [agent.userId]))[0]!.status).toBe(2);
  });

  it("never shows or changes another tenant's users", async () => {
    const agentA = await member(a, '2', { name: 'Hidden Hannah' });
    const visitorA = await newVisitor(t, a, 'hidden-visitor');
    const list = await call('GET', `${P.userList}?pageSize=100`, b.admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Hidden');
    expect(list.body).not.toContain(a.adminUserName);
    const search = await call('GET', `${P.userSearch}?q=hidden`, b.admin);
    expect(search.json().response).toEqual([]);
    expect(await details(b.admin, [agentA.userId, visitorA.userId, a.adminUserName])).toEqual([]);
    const update = await call(
      'POST',
      P.userUpdate,
      { ...b.admin, 'of-user-id': visitorA.userId },
      { displayName: 'Taken over' },
    );
    expect(update.statusCode).toBe(404);
    // A's token presented with B's application key is refused everywhere.
    const crossHeaders = { ...a.admin, 'application-key': b.applicationId };
    const crossed = [
      call('GET', P.userList, crossHeaders),
      call('GET', `${P.userSearch}?q=owner`, crossHeaders),
      call('POST', P.userDetail, crossHeaders, { userIdList: [b.adminUserName] }),
      call('POST', P.userUpdate, crossHeaders, { displayName: 'Crossed' }),
      call('POST', P.userStatus, crossHeaders, { status: 0 }),
    ];
    for (const res of await Promise.all(crossed)) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(b.adminUserName);
    }
    expect((await details(a.admin, [visitorA.userId]))[0]!.displayName).not.toBe('Taken over');
  });
});
