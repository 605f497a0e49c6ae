import { ACCOUNT_PATHS, memberPath, TEAM_ADMIN_PATHS as P } from '@convo/api';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema/index.js';
import { RawSocket } from '../../testing/stomp-client.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { Client } from '../../testing/ws-client.js';

interface Signed {
  token: string;
  userName: string;
  applicationId: string;
  headers: Record<string, string>;
}

describe.each(testDatabaseKinds())('team members and invitations on %s', (kind) => {
  const { t } = useTestApp(kind);
  let base: string;
  let owner: Signed;

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signUp();
  });

  async function signUp(overrides: Record<string, unknown> = {}): Promise<Signed> {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup(overrides),
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as { token: string; userName: string; applicationId: string };
    return { ...s, headers: { authorization: `Bearer ${s.token}` } };
  }

  const tokenFromMail = (text: string) => /inviteToken=([^\s&]+)/.exec(text)?.[1];

  async function invite(by: Signed, email: string, roleType = '2') {
    return t.app.inject({ method: 'POST', url: P.invite, headers: by.headers, payload: { email, roleType } });
  }

  /** Invites and signs up a member of `by`'s company with the role; returns their session. */
  async function member(by: Signed, roleType = '2'): Promise<Signed> {
    const email = `agent-${Math.random().toString(36).slice(2, 9)}@example.com`;
    expect((await invite(by, email, roleType)).statusCode).toBe(200);
    const token = decodeURIComponent(tokenFromMail((await t.lastMailTo(email))!.text)!);
    return signUp({ email, name: 'Invited Person', inviteToken: token, companyName: undefined });
  }

  const patch = (by: Signed, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: P.membersUpdate, headers: by.headers, payload });

  it('invites by e-mail, shows the link detail, and signs the person up into the company with the role', async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await invite(owner, email, '11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email, roleType: '11', status: 0 });
    const mail = await t.lastMailTo(email);
    expect(mail?.text).toContain('/signup?inviteToken=');
    const token = decodeURIComponent(tokenFromMail(mail!.text)!);

    const detail = await t.app.inject({
      method: 'GET',
      url: `${P.inviteDetail}?token=${encodeURIComponent(token)}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ email, roleType: '11' });

    const joined = await signUp({ email, name: 'Dev Person', inviteToken: token });
    expect(joined.applicationId).toBe(owner.applicationId);
    const me = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: joined.headers });
    expect(me.json().data).toMatchObject({
      roleType: '11',
      emailVerified: true,
      applicationId: owner.applicationId,
    });

    const list = await t.app.inject({ method: 'GET', url: P.inviteList, headers: owner.headers });
    expect(list.json().data.find((i: { email: string }) => i.email === email).status).toBe(1);
    const members = await t.app.inject({ method: 'GET', url: P.members, headers: owner.headers });
    expect(members.json().data.map((m: { userName: string }) => m.userName)).toContain(email);

    // The link works once.
    const again = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email, inviteToken: token }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_INVITE');
  });

  it('refuses inviting a member or a pending address, a wrong e-mail, an expired or revoked token', async () => {
    const existing = await invite(owner, owner.userName);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().code).toBe('USER_ALREADY_EXISTS');

    const email = `pending-${Date.now()}@example.com`;
    const first = await invite(owner, email);
    expect((await invite(owner, email)).json().code).toBe('INVITATION_ALREADY_SENT');
    const token = decodeURIComponent(tokenFromMail((await t.lastMailTo(email))!.text)!);

    const mismatch = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ inviteToken: token }),
    });
    expect(mismatch.json().code).toBe('INVITE_EMAIL_MISMATCH');

    // Resend: a new token, the old one is dead.
    const resent = await t.app.inject({
      method: 'POST',
      url: P.inviteResend,
      headers: owner.headers,
      payload: { id: first.json().data.id },
    });
    expect(resent.statusCode).toBe(200);
    const newToken = decodeURIComponent(tokenFromMail((await t.lastMailTo(email))!.text)!);
    expect(newToken).not.toBe(token);
    const old = await t.app.inject({
      method: 'GET',
      url: `${P.inviteDetail}?token=${encodeURIComponent(token)}`,
    });
    expect(old.json().code).toBe('INVALID_INVITE');

    // Expired.
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.json().data.id));
    const expired = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email, inviteToken: newToken }),
    });
    expect(expired.json().code).toBe('INVALID_INVITE');
    expect(
      (await t.app.inject({ method: 'GET', url: P.members, headers: owner.headers })).json().data,
    ).not.toContainEqual(expect.objectContaining({ userName: email }));

    // Revoked.
    const other = `revoked-${Date.now()}@example.com`;
    const created = await invite(owner, other);
    const revokeToken = decodeURIComponent(tokenFromMail((await t.lastMailTo(other))!.text)!);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${P.invitation}?id=${created.json().data.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email: other, inviteToken: revokeToken }),
    });
    expect(afterRevoke.json().code).toBe('INVALID_INVITE');
  });

  it('lets agents see the team but not invite or change it', async () => {
    const agent = await member(owner, '2');
    expect((await t.app.inject({ method: 'GET', url: P.members, headers: agent.headers })).statusCode).toBe(
      200,
    );
    expect((await invite(agent, 'x@example.com')).statusCode).toBe(403);
    expect((await patch(agent, { userNames: [owner.userName], deactivate: true })).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: memberPath(owner.userName),
      headers: agent.headers,
    });
    expect(del.statusCode).toBe(403);
  });

  it('changes roles, refusing one own role and the last super admin with CAN_NOT_CHANGE_ROLE', async () => {
    const agent = await member(owner, '2');
    const changed = await patch(owner, { userNames: [agent.userName], roleType: '1' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data[0].roleType).toBe('1');
    // The server applies the new role at once.
    const admin = agent;
    expect((await invite(admin, `by-admin-${Date.now()}@example.com`)).statusCode).toBe(200);

    const own = await patch(owner, { userNames: [owner.userName], roleType: '1' });
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('CAN_NOT_CHANGE_ROLE');
    // An admin cannot touch the super admin.
    expect((await patch(admin, { userNames: [owner.userName], roleType: '2' })).statusCode).toBe(403);
    const bad = await patch(owner, { userNames: [agent.userName] });
    expect(bad.json().code).toBe('INVALID_PARAMETER');
  });

  it('disables a member: their API calls fail at once and their open socket is closed with 4401', async () => {
    const agent = await member(owner, '2');
    const socket = await Client.connect(base, agent.token);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    // The Applozic clients' STOMP session of the same person: an ERROR frame, then the same close.
    const stomp = await RawSocket.open(base);
    stomp.send(`CONNECT\naccept-version:1.1\npasscode:${agent.token}\n\n\0`);
    await stomp.until((frames) => frames.some((f) => f.startsWith('CONNECTED')));

    const res = await patch(owner, { userNames: [agent.userName], deactivate: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].status).toBe(2);
    expect(await closed).toBe(4401);
    expect((await stomp.closed).code).toBe(4401);
    expect(stomp.received.at(-1)).toMatch(/^ERROR\n(.*\n)*message:Sign in again/);
    expect(
      (await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: agent.headers })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: agent.userName, password: 'Secret123' },
    });
    expect(login.json().code).toBe('USER_DEACTIVATED');

    const back = await patch(owner, { userNames: [agent.userName], deactivate: false });
    expect(back.json().data[0].status).toBe(0);
    const relogin = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: agent.userName, password: 'Secret123' },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('deletes a member (admins only), who then disappears from the team and can be invited again', async () => {
    const agent = await member(owner, '2');
    const del = await t.app.inject({
      method: 'DELETE',
      url: memberPath(agent.userName),
      headers: owner.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: agent.headers })).statusCode,
    ).toBe(401);
    const members = await t.app.inject({ method: 'GET', url: P.members, headers: owner.headers });
    expect(members.json().data.map((m: { userName: string }) => m.userName)).not.toContain(agent.userName);
    expect((await invite(owner, agent.userName)).statusCode).toBe(200);
    const token = decodeURIComponent(tokenFromMail((await t.lastMailTo(agent.userName))!.text)!);
    const back = await signUp({ email: agent.userName, inviteToken: token, password: 'Another123' });
    expect(back.applicationId).toBe(owner.applicationId);
  });

  it("never reaches another company's members or invitations", async () => {
    const stranger = await signUp();
    const agent = await member(owner, '2');
    const res = await patch(stranger, { userNames: [agent.userName], deactivate: true });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: P.inviteList, headers: stranger.headers });
    expect(list.json().data).toEqual([]);
    const ownList = await t.app.inject({ method: 'GET', url: P.inviteList, headers: owner.headers });
    const id = ownList.json().data[0].id as string;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${P.invitation}?id=${id}`,
      headers: stranger.headers,
    });
    expect(revoke.statusCode).toBe(404);
  });
});
