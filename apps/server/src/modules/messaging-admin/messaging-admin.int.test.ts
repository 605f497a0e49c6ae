import { MESSAGING_PATHS, MESSAGING_ADMIN_PATHS as P } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { messagingMember } from '../../testing/members.js';
import {
  newVisitor,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

type Method = 'GET' | 'POST' | 'PATCH';

describe.each(testDatabaseKinds())('messaging API: the rest of SPEC §7 on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const expect400 = (res: { statusCode: number; body: string; json(): { code: string } }) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  };
  const member = (tenant: Tenant, roleType: '1' | '2' | '3' | '11' | '12') =>
    messagingMember(t.database, tenant.applicationId, roleType);

  it('register/v2/account creates a company whose token works on the messaging API', async () => {
    const s = newSignup();
    const res = await call(
      'POST',
      P.registerAccount,
      {},
      {
        userId: s.email,
        userPassword: s.password,
        displayName: 'Reg Owner',
        companyName: 'Reg Co',
        captchaResponse: 'token-from-the-form',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().response;
    expect(body).toMatchObject({ message: 'REGISTERED', userId: s.email, roleType: '0' });
    const headers = { 'x-authorization': body.authToken, 'application-key': body.applicationId };
    const info = await call('GET', P.customerInfo, headers);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().response).toMatchObject({ companyName: 'Reg Co', adminUserName: s.email, role: '0' });

    const again = await call('POST', P.registerAccount, {}, { userId: s.email, userPassword: s.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_ALREADY_EXISTS');
    expect400(
      await call('POST', P.registerAccount, {}, { userId: 'not-an-email', userPassword: 'Secret123' }),
    );
    const weak = await call('POST', P.registerAccount, {}, { userId: `w-${s.email}`, userPassword: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('INVALID_PASSWORD');
  });

  it('user/update/password changes the caller’s own password and ends their sessions', async () => {
    const s = newSignup();
    const reg = (
      await call('POST', P.registerAccount, {}, { userId: s.email, userPassword: s.password })
    ).json().response;
    const headers = { 'x-authorization': reg.authToken, 'application-key': reg.applicationId };
    const wrong = await call(
      'GET',
      `${P.passwordUpdate}?oldPassword=Nope12345&newPassword=Better123`,
      headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Wrong current password' });
    expect400(await call('GET', `${P.passwordUpdate}?oldPassword=${s.password}`, headers));
    const short = await call(
      'GET',
      `${P.passwordUpdate}?oldPassword=${s.password}&newPassword=short`,
      headers,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('INVALID_PASSWORD');
    const done = await call(
      'GET',
      `${P.passwordUpdate}?oldPassword=${s.password}&newPassword=Better123`,
      headers,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response).toBe('Password changed, please re-login');
    expect((await call('GET', P.customerInfo, headers)).statusCode).toBe(401);
    const noSession = await call('GET', `${P.passwordUpdate}?oldPassword=a&newPassword=b`, {});
    expect(noSession.statusCode).toBe(401);
  });

  it('stats/get counts the caller’s application only', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, a);
    expect((await sendTestMessage(t, visitor.headers, groupId, 'stats-1')).statusCode).toBe(200);
    const res = await call('GET', `${P.statsGet}?appKey=${a.applicationId}`, a.admin);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().response;
    expect(stats.applicationId).toBe(a.applicationId);
    expect(stats.users).toBeGreaterThanOrEqual(1);
    expect(stats.members).toBeGreaterThanOrEqual(1);
    expect(stats.conversations).toBeGreaterThanOrEqual(1);
    expect(stats.messages).toBeGreaterThanOrEqual(1);
    const other = await call('GET', `${P.statsGet}?appKey=${b.applicationId}`, a.admin);
    expect(other.statusCode).toBe(404);
    expect400(await call('GET', P.statsGet, a.admin));
    const operator = await member(a, '12');
    expect((await call('GET', `${P.statsGet}?appKey=${a.applicationId}`, operator.headers)).statusCode).toBe(
      403,
    );
    const asVisitor = await call('GET', `${P.statsGet}?appKey=${a.applicationId}`, visitor.headers);
    expect([401, 403]).toContain(asVisitor.statusCode);
  });

  it('team/business-settings gives the hours that apply to a team', async () => {
    const res = await call('GET', P.teamBusinessSettings, a.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject([
      {
        teamId: 'km_default_team',
        teamName: 'Default Team',
        timezone: 'UTC',
        businessHourMap: {},
        businessHours: { enabled: false, timeZone: 'UTC' },
        openNow: true,
      },
    ]);
    const team = (await call('POST', '/rest/ws/team/create', b.admin, { teamName: 'Night shift' })).json()
      .response;
    const mine = await call('GET', `${P.teamBusinessSettings}?teamId=${team.teamId}`, b.admin);
    expect(mine.json().response.map((t: { teamId: string }) => t.teamId)).toEqual([team.teamId]);
    // Another application's team is not found.
    expect((await call('GET', `${P.teamBusinessSettings}?teamId=${team.teamId}`, a.admin)).statusCode).toBe(
      404,
    );
    expect400(await call('GET', `${P.teamBusinessSettings}?teamId=`, a.admin));
    const operator = await member(a, '12');
    expect((await call('GET', P.teamBusinessSettings, operator.headers)).statusCode).toBe(403);
  });

  it('feedback/v2/v2 stores the customer’s rating of their conversation, open or resolved', async () => {
    const { visitor, groupId } = await newVisitorConversation(t, a);
    // The Kommunicate widget rates at any time (docs/decisions.md); the resolution's rating replaces it.
    const early = await call('POST', P.feedback, visitor.headers, { groupId, rating: 4 });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().response).toMatchObject({ groupId, rating: 4 });
    const resolve = await call(
      'PATCH',
      `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      a.admin,
    );
    expect(resolve.statusCode).toBe(200);
    const res = await call('POST', P.feedback, visitor.headers, {
      groupId,
      rating: 5,
      comments: ['Quick, thanks'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({ groupId, rating: 5, comments: ['Quick, thanks'] });
    for (const bad of [
      { groupId, rating: 0 },
      { groupId, rating: 6 },
      { rating: 3 },
      { groupId, rating: 3, comments: ['a', 'b'] },
    ]) {
      expect400(await call('POST', P.feedback, visitor.headers, bad));
    }
    // A member does not rate; another customer, or another application, does not find it.
    expect((await call('POST', P.feedback, a.admin, { groupId, rating: 1 })).statusCode).toBe(403);
    const stranger = await newVisitor(t, a);
    expect((await call('POST', P.feedback, stranger.headers, { groupId, rating: 1 })).statusCode).toBe(404);
    const elsewhere = await newVisitor(t, b);
    expect((await call('POST', P.feedback, elsewhere.headers, { groupId, rating: 1 })).statusCode).toBe(404);
  });

  it('customer info and application edit concern the caller’s own application', async () => {
    const agent = await member(a, '2');
    const info = await call('GET', P.customerInfo, agent.headers);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().response).toMatchObject({
      applicationId: a.applicationId,
      adminUserName: a.adminUserName,
      role: '2',
    });
    const visitor = await newVisitor(t, a);
    expect([401, 403]).toContain((await call('GET', P.customerInfo, visitor.headers)).statusCode);

    const edit = await call('POST', P.applicationEdit, b.admin, { name: 'Renamed app' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().response).toMatchObject({ applicationId: b.applicationId, name: 'Renamed app' });
    const stillA = await call('GET', `/rest/ws/application/get?applicationId=${a.applicationId}`, a.admin);
    expect(stillA.json().response.name).not.toBe('Renamed app');
    expect400(await call('POST', P.applicationEdit, b.admin, { name: '  ' }));
    expect((await call('POST', P.applicationEdit, agent.headers, { name: 'Mine now' })).statusCode).toBe(403);
    const operator = await member(a, '12');
    expect((await call('POST', P.applicationEdit, operator.headers, { name: 'x' })).statusCode).toBe(403);
  });

  it('user/v2/create makes a customer who can then sign in with register/client', async () => {
    const res = await call('POST', P.userCreate, a.admin, {
      userId: 'created-customer',
      displayName: 'Created Customer',
      email: 'Created@Example.com',
      password: 'Secret123',
      metadata: { plan: 'gold' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({
      userId: 'created-customer',
      email: 'created@example.com',
      roleType: null,
      metadata: { plan: 'gold' },
    });
    const login = await call(
      'POST',
      '/rest/ws/register/client',
      {},
      {
        userId: 'created-customer',
        applicationId: a.applicationId,
        password: 'Secret123',
      },
    );
    expect(login.json().message).toBe('UPDATED');
    const dup = await call('POST', P.userCreate, a.admin, { userId: 'created-customer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('USER_ALREADY_EXISTS');
    // The same userId is free in another application.
    expect((await call('POST', P.userCreate, b.admin, { userId: 'created-customer' })).statusCode).toBe(200);
    expect400(await call('POST', P.userCreate, a.admin, { userId: '' }));
    expect400(await call('POST', P.userCreate, a.admin, { userId: 'x', email: 'nope' }));
    const operator = await member(a, '12');
    expect((await call('POST', P.userCreate, operator.headers, { userId: 'by-operator' })).statusCode).toBe(
      403,
    );
  });

  it('user/filter finds the application’s users by role, status and text', async () => {
    await call('POST', P.userCreate, a.admin, { userId: 'filter-cust-1', displayName: 'Filtered Zebra' });
    const agent = await member(a, '2');
    const byText = await call('POST', P.userFilter, a.admin, { query: 'zebra' });
    expect(byText.statusCode, byText.body).toBe(200);
    expect(byText.json().response.users.map((u: { userId: string }) => u.userId)).toEqual(['filter-cust-1']);
    const customers = (await call('POST', P.userFilter, a.admin, { roleTypes: ['customers'] })).json()
      .response;
    expect(customers.users.every((u: { roleType: string | null }) => u.roleType === null)).toBe(true);
    const agents = (await call('POST', P.userFilter, a.admin, { roleTypes: ['2'], statuses: [1] })).json()
      .response;
    expect(agents.users.map((u: { userId: string }) => u.userId)).toContain(agent.userId);
    expect(
      agents.users.every((u: { roleType: string; status: number }) => u.roleType === '2' && u.status === 1),
    ).toBe(true);
    const page = (await call('POST', P.userFilter, a.admin, { pageSize: 1, startIndex: 1 })).json().response;
    expect(page.users).toHaveLength(1);
    expect(page.totalCount).toBeGreaterThan(1);
    // b's filter never finds a's users.
    expect((await call('POST', P.userFilter, b.admin, { query: 'zebra' })).json().response.users).toEqual([]);
    expect400(await call('POST', P.userFilter, a.admin, { roleTypes: ['customers', '2'] }));
    expect400(await call('POST', P.userFilter, a.admin, { statuses: [3] }));
    expect400(await call('POST', P.userFilter, a.admin, { pageSize: 101 }));
    const operator = await member(a, '12');
    expect((await call('POST', P.userFilter, operator.headers, {})).statusCode).toBe(403);
  });

  it('developer/invite invites a developer (role 11) by e-mail', async () => {
    const res = await call('POST', P.developerInvite, a.admin, { email: 'Dev@Example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toMatchObject({ email: 'dev@example.com', roleType: '11', status: 0 });
    const twice = await call('POST', P.developerInvite, a.admin, { email: 'dev@example.com' });
    expect(twice.statusCode).toBe(409);
    // b's list does not hold a's invitation.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users/invite/list',
      headers: { authorization: `Bearer ${b.admin['x-authorization']}` },
    });
    expect(list.body).not.toContain('dev@example.com');
    expect400(await call('POST', P.developerInvite, a.admin, { email: 'not mail' }));
    const operator = await member(a, '12');
    expect(
      (await call('POST', P.developerInvite, operator.headers, { email: 'x@example.com' })).statusCode,
    ).toBe(403);
  });
});
