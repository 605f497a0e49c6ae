import { ACCOUNT_PATHS } from '@convo/api';
import { MESSAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('sign-up and sign-in on %s', (kind) => {
  const { t } = useTestApp(kind);

  it('creates the whole workspace in one go and returns a session without any password', async () => {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.roleType).toBe('0');
    expect(session.isAdmin).toBe(true);
    expect(session.appSettings.defaultTeamId).toBe('km_default_team');
    expect(session.emailVerified).toBe(false);
    expect(JSON.stringify(session)).not.toMatch(/password|Secret123|argon2/i);
    const tags = await t.database.relational.query.tags.findMany({
      where: (tg, { eq }) => eq(tg.applicationId, session.applicationId),
    });
    expect(tags.map((x) => x.name).sort()).toEqual(
      ['Auto-resolved-bot', 'Auto-resolved-human', 'Do-not-auto-resolve', 'Force-assigned', 'Reopen'].sort(),
    );
    const mail = await t.lastMailTo(body.email);
    expect(mail?.subject).toBe('Verify your e-mail address');
  });

  it('refuses a duplicate e-mail with USER_ALREADY_EXISTS and creates nothing', async () => {
    const body = newSignup();
    expect(
      (await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body })).statusCode,
    ).toBe(200);
    const before = await t.database.relational.query.applications.findMany();
    const again = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_ALREADY_EXISTS');
    expect((await t.database.relational.query.applications.findMany()).length).toBe(before.length);
  });

  it('rejects bad input with 400 and field details, never a 500', async () => {
    const cases = [
      { payload: { ...newSignup(), password: 'short' }, code: 'INVALID_PASSWORD' },
      { payload: { ...newSignup(), password: `Aa1${'x'.repeat(130)}` }, code: 'INVALID_PARAMETER' },
      { payload: { ...newSignup(), email: 'not an email' }, code: 'INVALID_PARAMETER' },
      { payload: { password: 'Secret123' }, code: 'INVALID_PARAMETER' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: c.payload });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      expect(res.json().code).toBe(c.code);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_JSON');
  });

  it('signs in, serves the session to its token, and logs out for good', async () => {
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const login = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: auth });
    expect(me.json().data.email).toBe(body.email);
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.logout, headers: auth });
    const after = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it('answers a wrong password with INVALID_CREDENTIALS, then rate-limits the tenth try onwards', async () => {
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        payload: { userName: body.email, password: 'Wrong1234' },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 401) expect(res.json().code).toBe('INVALID_CREDENTIALS');
      if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('changes the password only with the right current one, then ends every session', async () => {
    const body = newSignup();
    const signup = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const auth = { authorization: `Bearer ${signup.json().data.token}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordChange,
      headers: auth,
      payload: { oldPassword: 'Nope12345', newPassword: 'Newpass123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.wrongCurrentPassword);
    const ok = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordChange,
      headers: auth,
      payload: { oldPassword: body.password, newPassword: 'Newpass123' },
    });
    expect(ok.json().message).toBe(MESSAGES.passwordChanged);
    expect((await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: auth })).statusCode).toBe(
      401,
    );
    const relogin = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: body.email, password: 'Newpass123' },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it('resets a password with the mailed code; a wrong code is refused', async () => {
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const req = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetRequest,
      payload: { userName: body.email },
    });
    expect(req.statusCode).toBe(200);
    const mail = await t.lastMailTo(body.email);
    const code = /reset code is (\d{8})/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const bad = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetUpdate,
      payload: { userName: body.email, code: '00000000', newPassword: 'Fresh1234' },
    });
    expect(bad.json().code).toBe('INVALID_CODE');
    const good = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetUpdate,
      payload: { userName: body.email, code, newPassword: 'Fresh1234' },
    });
    expect(good.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetUpdate,
      payload: { userName: body.email, code, newPassword: 'Other1234' },
    });
    expect(reuse.json().code).toBe('INVALID_CODE');
    const login = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: body.email, password: 'Fresh1234' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('verifies the e-mail address with the mailed link code', async () => {
    const body = newSignup();
    const signup = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const mail = await t.lastMailTo(body.email);
    const code = decodeURIComponent(/code=([^\s&]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.emailValidate, payload: { code } });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.me,
      headers: { authorization: `Bearer ${signup.json().data.token}` },
    });
    expect(me.json().data.emailVerified).toBe(true);
  });
});
