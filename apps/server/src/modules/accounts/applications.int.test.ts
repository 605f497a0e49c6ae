import {
  ACCOUNT_PATHS,
  APPLICATION_PATHS,
  CONVERSATION_PATHS,
  MESSAGING_PATHS,
  TEAM_ADMIN_PATHS,
  TWO_FACTOR_PATHS,
} from '@convo/api';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import { newVisitorConversation } from '../../testing/messaging-fixtures.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

interface Signed {
  token: string;
  email: string;
  password: string;
  applicationId: string;
  headers: Record<string, string>;
}

describe.each(testDatabaseKinds())('several applications per account on %s', (kind) => {
  const { t } = useTestApp(kind);

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const messaging = (token: string, applicationId: string) => ({
    'x-authorization': token,
    'application-key': applicationId,
  });

  async function signUp(overrides: Record<string, unknown> = {}): Promise<Signed> {
    const body = newSignup(overrides);
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as { token: string; applicationId: string };
    return {
      token: s.token,
      applicationId: s.applicationId,
      email: String(body.email).toLowerCase(),
      password: String(body.password),
      headers: bearer(s.token),
    };
  }

  const list = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: APPLICATION_PATHS.list, headers });
  const create = (headers: Record<string, string>, name: unknown) =>
    t.app.inject({ method: 'POST', url: APPLICATION_PATHS.list, headers, payload: { name } });
  const switchTo = (headers: Record<string, string>, applicationId: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: APPLICATION_PATHS.switch,
      headers,
      payload: { applicationId, ...(otp ? { otp } : {}) },
    });
  const conversationIds = async (token: string, applicationId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${CONVERSATION_PATHS.groupList}?pageSize=50`,
      headers: messaging(token, applicationId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().response.groupFeeds as { id: number }[]).map((g) => g.id);
  };

  it('creates another application of the company with a sign-up’s defaults and lists both', async () => {
    const owner = await signUp();
    const before = await list(owner.headers);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual([
      expect.objectContaining({ applicationId: owner.applicationId, current: true, roleType: '0' }),
    ]);

    const res = await create(owner.headers, '  Second brand  ');
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ name: 'Second brand', roleType: '0', current: false });
    expect(created.applicationId).not.toBe(owner.applicationId);

    const db = t.database.relational;
    const [first, second] = await Promise.all(
      [owner.applicationId, created.applicationId].map((id) =>
        db.query.applications.findFirst({ where: (a, { eq }) => eq(a.id, id) }),
      ),
    );
    // Same company (one account), own key.
    expect(second?.customerId).toBe(first?.customerId);
    expect(second?.key).not.toBe(first?.key);
    const tags = await db.query.tags.findMany({
      where: (tg, { eq }) => eq(tg.applicationId, created.applicationId),
    });
    expect(tags).toHaveLength(5);
    const teams = await db.query.teams.findMany({
      where: (tm, { eq }) => eq(tm.applicationId, created.applicationId),
    });
    expect(teams.map((tm) => tm.clientGroupId)).toEqual(['km_default_team']);

    const after = (await list(owner.headers)).json().data as { applicationId: string; current: boolean }[];
    expect(after.map((a) => [a.applicationId, a.current])).toEqual([
      [owner.applicationId, true],
      [created.applicationId, false],
    ]);

    // The SPEC §7 list by role: id → name, the caller's own only.
    const byRole = await t.app.inject({
      method: 'GET',
      url: `${APPLICATION_PATHS.listByRole}?roleNameList=APPLICATION_WEB_ADMIN`,
      headers: messaging(owner.token, owner.applicationId),
    });
    expect(byRole.statusCode, byRole.body).toBe(200);
    expect(byRole.json()).toEqual({
      [owner.applicationId]: first?.name,
      [created.applicationId]: 'Second brand',
    });
    const someoneElse = await t.app.inject({
      method: 'GET',
      url: `${APPLICATION_PATHS.listByRole}?roleNameList=APPLICATION_WEB_ADMIN&emailId=other@example.com`,
      headers: messaging(owner.token, owner.applicationId),
    });
    expect(someoneElse.statusCode).toBe(403);
  });

  it('refuses bad names and non-admins, creating nothing', async () => {
    const owner = await signUp();
    const count = async () => (await t.database.relational.query.applications.findMany()).length;
    const before = await count();
    for (const name of ['', '   ', 'x'.repeat(101), 42]) {
      const res = await create(owner.headers, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    const agent = await signedInMember(t.database, owner.applicationId, '2');
    const refused = await create(agent.headers, 'Agent brand');
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: APPLICATION_PATHS.list })).statusCode).toBe(401);
  });

  it('switches without signing out, keeps each application’s data apart, and refuses non-members', async () => {
    const owner = await signUp();
    const { groupId } = await newVisitorConversation(t, {
      applicationId: owner.applicationId,
      admin: messaging(owner.token, owner.applicationId),
      adminUserName: owner.email,
    });
    expect(await conversationIds(owner.token, owner.applicationId)).toContain(groupId);
    const second = (await create(owner.headers, 'Empty brand')).json().data.applicationId as string;

    const switched = await switchTo(owner.headers, second);
    expect(switched.statusCode, switched.body).toBe(200);
    const session = switched.json().data;
    expect(session).toMatchObject({ applicationId: second, roleType: '0', userName: owner.email });
    expect(session.token).not.toBe(owner.token);
    expect(JSON.stringify(session)).not.toMatch(/argon2|password/i);

    // The old token is over; the new one sees the new application only.
    expect((await list(owner.headers)).statusCode).toBe(401);
    expect(await conversationIds(session.token, second)).toEqual([]);
    const oldConversation = await t.app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.groupInfo}?groupId=${groupId}`,
      headers: messaging(session.token, second),
    });
    expect(oldConversation.statusCode).not.toBe(200);
    const wrongKey = await t.app.inject({
      method: 'GET',
      url: `${CONVERSATION_PATHS.groupList}?pageSize=50`,
      headers: messaging(session.token, owner.applicationId),
    });
    expect(wrongKey.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: bearer(session.token) });
    expect(me.json().data.applicationId).toBe(second);

    // Back again: the first application's conversation is there.
    const back = await switchTo(bearer(session.token), owner.applicationId);
    expect(back.statusCode, back.body).toBe(200);
    expect(await conversationIds(back.json().data.token, owner.applicationId)).toContain(groupId);

    // Another company's application: not a member, refused, and the caller stays signed in.
    const stranger = await signUp();
    const refused = await switchTo(bearer(back.json().data.token), stranger.applicationId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('INVALID_APPLICATIONID');
    const unknown = await switchTo(bearer(back.json().data.token), 'no-such-app');
    expect(unknown.statusCode).toBe(404);
    // The application in use: nothing to switch to, and the session in use is not ended.
    const same = await switchTo(bearer(back.json().data.token), owner.applicationId);
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json().code).toBe('INVALID_PARAMETER');
    expect((await list(bearer(back.json().data.token))).statusCode).toBe(200);

    // The password still signs in (to either application) after the switches.
    const login = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: owner.email, password: owner.password, applicationId: second },
    });
    expect(login.statusCode, login.body).toBe(200);
    // Without naming one, sign-in opens the application used last (switched back to the first).
    const plain = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: owner.email, password: owner.password },
    });
    expect(plain.json().data.applicationId).toBe(second);
  });

  it('shows an invited member both applications and switches only where they are active', async () => {
    const home = await signUp();
    const other = await signUp();
    // `other` invites the owner of `home` as an agent; they sign up through the link.
    const inv = await t.app.inject({
      method: 'POST',
      url: TEAM_ADMIN_PATHS.invite,
      headers: other.headers,
      payload: { email: home.email, roleType: '2' },
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const mail = await t.lastMailTo(home.email);
    const token = decodeURIComponent(/inviteToken=([^\s&]+)/.exec(mail!.text)![1]!);
    const joined = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({
        email: home.email,
        password: 'Other123',
        inviteToken: token,
        companyName: undefined,
      }),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const joinedToken = joined.json().data.token as string;

    const apps = (await list(bearer(joinedToken))).json().data as {
      applicationId: string;
      roleType: string;
      current: boolean;
    }[];
    expect(apps.map((a) => [a.applicationId, a.roleType, a.current]).sort()).toEqual(
      [
        [home.applicationId, '0', false],
        [other.applicationId, '2', true],
      ].sort(),
    );
    // An agent there may not create applications for that company.
    expect((await create(bearer(joinedToken), 'Not mine')).statusCode).toBe(403);

    const toHome = await switchTo(bearer(joinedToken), home.applicationId);
    expect(toHome.statusCode, toHome.body).toBe(200);
    expect(toHome.json().data).toMatchObject({ applicationId: home.applicationId, roleType: '0' });

    // Deactivated in `other`: no longer listed, no longer a switch target.
    const homeToken = toHome.json().data.token as string;
    const members = await t.database.relational.query.users.findMany({
      where: (u, { and, eq }) => and(eq(u.applicationId, other.applicationId), eq(u.userId, home.email)),
    });
    const deactivate = await t.app.inject({
      method: 'PATCH',
      url: TEAM_ADMIN_PATHS.membersUpdate,
      headers: other.headers,
      payload: { userNames: [members[0]!.userId], deactivate: true },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    const listed = (await list(bearer(homeToken))).json().data as { applicationId: string }[];
    expect(listed.map((a) => a.applicationId)).toEqual([home.applicationId]);
    expect((await switchTo(bearer(homeToken), other.applicationId)).statusCode).toBe(404);
  });

  it('asks the target membership’s second factor, with a 403 that keeps the session', async () => {
    const owner = await signUp();
    const second = (await create(owner.headers, 'Guarded brand')).json().data.applicationId as string;
    // Turn two-factor on for the membership in the second application.
    const inSecond = (await switchTo(owner.headers, second)).json().data.token as string;
    const qr = await t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.generateQr,
      headers: bearer(inSecond),
    });
    const secret = qr.json().data.secret as string;
    const codeAt = (offset: number) =>
      generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset });
    const setup = await t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.setup,
      headers: bearer(inSecond),
      payload: { code: codeAt(-30) },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const back = (await switchTo(bearer(inSecond), owner.applicationId)).json().data.token as string;

    const noCode = await switchTo(bearer(back), second);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().code).toBe('OTP_REQUIRED');
    const wrong = await switchTo(bearer(back), second, '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('INVALID_OTP');
    expect((await list(bearer(back))).statusCode).toBe(200);
    const ok = await switchTo(bearer(back), second, codeAt(0));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.applicationId).toBe(second);
  });
});
