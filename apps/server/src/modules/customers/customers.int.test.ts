import { ACCOUNT_PATHS, customerPath, CUSTOMER_PATHS as P, TEAM_ADMIN_PATHS } from '@convo/api';
import { parseCustomerCsv } from '@convo/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../testing/messaging-fixtures.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('customers (/users) on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1 });
  const [a] = tenants;
  let owner: Record<string, string>;

  beforeAll(() => {
    owner = { authorization: `Bearer ${a.admin['x-authorization']}` };
  });

  const importRows = (headers: Record<string, string>, csv: string) => {
    const parsed = parseCustomerCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    return t.app.inject({ method: 'POST', url: P.importBulk, headers, payload: { rows: parsed.rows } });
  };

  it('imports a CSV batch: good rows saved, bad rows reported by line, re-import updates and merges', async () => {
    const csv = [
      'UserId, displayName ,EMAIL,phoneNumber,plan',
      'c-1,Carla,carla@example.com,+4915112345678,gold',
      '',
      'c-2,Dan,not-an-email,,silver',
      'c 3,Spacey,,,',
      'c-4,Eve,,12345,',
      'c-1,Carla again,,,',
      'c-5,,,,',
    ].join('\n');
    const res = await importRows(owner, csv);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result.created).toBe(2);
    expect(result.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 6, 7]);
    expect(result.errors[0].message).toContain('not a valid e-mail');

    const again = await importRows(owner, 'userId,vip\nc-1,yes');
    expect(again.json().data).toMatchObject({ created: 0, updated: 1, errors: [] });
    const one = await t.app.inject({ method: 'GET', url: customerPath('c-1'), headers: owner });
    expect(one.json().data).toMatchObject({
      displayName: 'Carla',
      email: 'carla@example.com',
      metadata: { plan: 'gold', vip: 'yes' },
    });
  });

  it('refuses importing over a member, lists with search and paging, exports CSV', async () => {
    const res = await importRows(owner, `userId\n${a.adminUserName}`);
    expect(res.json().data.errors[0].message).toContain('member');

    await importRows(
      owner,
      ['userId,displayName', ...Array.from({ length: 23 }, (_, i) => `p-${i},Page ${i}`)].join('\n'),
    );
    const page3 = await t.app.inject({
      method: 'GET',
      url: `${P.list}?search=page&page=3&pageSize=10`,
      headers: owner,
    });
    expect(page3.json().data).toMatchObject({ total: 23, page: 3 });
    expect(page3.json().data.users).toHaveLength(3);

    const csv = await t.app.inject({ method: 'GET', url: P.export, headers: owner });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('userId,displayName,email,phoneNumber,plan,vip');
    expect(csv.body).toContain('c-1,Carla,carla@example.com,+4915112345678,gold,yes');
    expect(csv.body.split('\r\n').length).toBe(1 + 2 + 23);
  });

  it('bulk deletes for admins only, ends the users sessions, and never touches another company', async () => {
    const visitor = await newVisitor(t, a, 'to-delete');
    const other = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
    const otherHeaders = { authorization: `Bearer ${other.json().data.token}` };
    const foreign = await t.app.inject({
      method: 'POST',
      url: P.deleteBulk,
      headers: otherHeaders,
      payload: { userIds: ['to-delete'] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: customerPath('c-1'), headers: otherHeaders })).statusCode,
    ).toBe(404);

    // An agent of the company may list but not delete.
    const email = `agent-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: TEAM_ADMIN_PATHS.invite,
      headers: owner,
      payload: { email, roleType: '2' },
    });
    const token = /inviteToken=([^\s&]+)/.exec((await t.lastMailTo(email))!.text)![1]!;
    const agent = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email, inviteToken: decodeURIComponent(token) }),
    });
    const agentHeaders = { authorization: `Bearer ${agent.json().data.token}` };
    expect((await t.app.inject({ method: 'GET', url: P.list, headers: agentHeaders })).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: P.deleteBulk,
      headers: agentHeaders,
      payload: { userIds: ['to-delete'] },
    });
    expect(refused.statusCode).toBe(403);

    // End users cannot use these routes at all.
    expect((await t.app.inject({ method: 'GET', url: P.list, headers: visitor.headers })).statusCode).toBe(
      403,
    );

    const del = await t.app.inject({
      method: 'POST',
      url: P.deleteBulk,
      headers: owner,
      payload: { userIds: ['to-delete', 'c-2'] },
    });
    expect(del.json().data.deleted).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: customerPath('to-delete'), headers: owner })).statusCode,
    ).toBe(404);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/rest/ws/user/v2/detail',
      headers: visitor.headers,
      payload: { userIdList: ['to-delete'] },
    });
    expect(stale.statusCode, stale.body).toBe(401);
  });

  it('refuses a batch larger than 500 rows as a whole, so the dashboard splits files', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => ({ line: i + 2, userId: `big-${i}`, metadata: {} }));
    const res = await t.app.inject({ method: 'POST', url: P.importBulk, headers: owner, payload: { rows } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
    const none = await t.app.inject({ method: 'GET', url: `${P.list}?search=big-`, headers: owner });
    expect(none.json().data.total).toBe(0);
  });

  it('updates details and attributes, refusing a bad phone number', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: customerPath('c-1'),
      headers: owner,
      payload: { phoneNumber: '4915112345678' },
    });
    expect(bad.json().code).toBe('NO_COUNTRY_CODE');
    const res = await t.app.inject({
      method: 'PATCH',
      url: customerPath('c-1'),
      headers: owner,
      payload: { displayName: 'Carla C', metadata: { plan: 'platinum' } },
    });
    expect(res.json().data).toMatchObject({ displayName: 'Carla C', metadata: { plan: 'platinum' } });
  });
});
