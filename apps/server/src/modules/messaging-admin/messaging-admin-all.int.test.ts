import { CONVERSATION_PATHS, MESSAGING_ADMIN_PATHS as P } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { messagingMember, updateSettings } from '../../testing/members.js';
import { newVisitorConversation, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The last calls of SPEC §7 "other configured paths" (issue 20 item 7): user/delete/all and
// group/all. Tenants of their own: deleting every user would disturb the other file's tests.

describe.each(testDatabaseKinds())('messaging API: user/delete/all and group/all on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const expect400 = (res: { statusCode: number; body: string; json(): { code: string } }) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  };
  const groupAll = (tenant: Tenant, query = '', headers = tenant.admin) =>
    call('GET', `${P.groupAll}${query}`, headers);
  const ownList = (headers: Record<string, string>) => call('GET', CONVERSATION_PATHS.groupList, headers);

  it('group/all pages every conversation of the caller’s application only, with the total', async () => {
    const mine = [];
    for (const name of ['First', 'Second', 'Third'])
      mine.push((await newVisitorConversation(t, a, name)).groupId);
    const theirs = (await newVisitorConversation(t, b, 'Other company')).groupId;

    const first = await groupAll(a, '?pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json().response as {
      groupFeeds: { id: number }[];
      total: number;
      nextStartIndex: number;
    };
    expect(page.total).toBe(3);
    expect(page.groupFeeds).toHaveLength(2);
    expect(page.nextStartIndex).toBe(2);
    const rest = (await groupAll(a, '?pageSize=2&startIndex=2')).json().response;
    expect(rest.nextStartIndex).toBeNull();
    const ids = [...page.groupFeeds, ...rest.groupFeeds].map((g: { id: number }) => g.id);
    expect(ids.sort()).toEqual([...mine].sort());
    expect(ids).not.toContain(theirs);

    // A status filter counts only what it keeps; an agent sees the same list as the admin.
    expect((await groupAll(a, '?status=2')).json().response).toMatchObject({ groupFeeds: [], total: 0 });
    const agent = await messagingMember(t.database, a.applicationId, '2');
    expect((await groupAll(a, '', agent.headers)).json().response.total).toBe(3);

    expect400(await groupAll(a, '?pageSize=0'));
    expect400(await groupAll(a, '?startIndex=-1'));
    const visitor = (await newVisitorConversation(t, a, 'Visitor asks')).visitor;
    expect([401, 403]).toContain((await groupAll(a, '', visitor.headers)).statusCode);
  });

  it('user/delete/all needs confirm: true and an admin, and never touches another application', async () => {
    const visitorA = (await newVisitorConversation(t, a, 'Before the purge')).visitor;
    const visitorB = (await newVisitorConversation(t, b, 'Stays')).visitor;
    const conversationsBefore = (await groupAll(a)).json().response.total as number;

    expect400(await call('POST', P.userDeleteAll, a.admin, {}));
    expect400(await call('POST', P.userDeleteAll, a.admin, { confirm: false }));
    expect400(await call('POST', P.userDeleteAll, a.admin, { confirm: 'true' }));

    // An agent is refused, even where the company lets agents delete users one by one.
    const agent = await messagingMember(t.database, a.applicationId, '2');
    expect((await call('POST', P.userDeleteAll, agent.headers, { confirm: true })).statusCode).toBe(403);
    await updateSettings(t.database, a.applicationId, {
      companySetting: { rolesAndPermissions: { 'users.delete-option': ['0', '1', '2'] } },
    });
    expect((await call('POST', P.userDeleteAll, agent.headers, { confirm: true })).statusCode).toBe(403);
    expect([401, 403]).toContain(
      (await call('POST', P.userDeleteAll, visitorA.headers, { confirm: true })).statusCode,
    );
    expect((await ownList(visitorA.headers)).statusCode).toBe(200);

    const done = await call('POST', P.userDeleteAll, a.admin, { confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    // Every visitor this file created in `a`: three in the first test, one more there, and this one.
    expect(done.json().response).toEqual({ deleted: 5 });

    // Their sessions end; the team keeps the conversations; the members stay.
    expect((await ownList(visitorA.headers)).statusCode).toBe(401);
    expect((await groupAll(a)).json().response.total).toBe(conversationsBefore);
    expect((await groupAll(a, '', agent.headers)).statusCode).toBe(200);

    // Another application's users are untouched.
    expect((await ownList(visitorB.headers)).statusCode).toBe(200);
    expect((await groupAll(b)).json().response.total).toBe(2);

    const again = await call('POST', P.userDeleteAll, a.admin, { confirm: true });
    expect(again.json().response).toEqual({ deleted: 0 });
  });
});
