import { ACCOUNT_PATHS, EMAIL_CHANGE_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

const tokenIn = (text: string) => {
  const match = /\/email\/update\?token=([^\s]+)/.exec(text);
  return match ? decodeURIComponent(match[1] ?? '') : '';
};

describe.each(testDatabaseKinds())('sign-in e-mail change on %s', (kind) => {
  const { t } = useTestApp(kind);

  async function signUp() {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { token: string };
    return { body, auth: { authorization: `Bearer ${data.token}` } };
  }

  it('mails a link to the new address; opening it moves the sign-in e-mail once', async () => {
    const { body, auth } = await signUp();
    const newEmail = `moved-${Date.now()}@new.example.com`;
    const asked = await t.app.inject({
      method: 'POST',
      url: EMAIL_CHANGE_PATHS.request,
      headers: auth,
      payload: { newEmail: newEmail.toUpperCase(), password: body.password },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await t.lastMailTo(newEmail);
    expect(mail?.subject).toBe('Confirm your new sign-in e-mail');
    const token = tokenIn(mail?.text ?? '');
    expect(token).not.toBe('');

    // Nothing changed before the link is opened.
    const before = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: body.email, password: body.password },
    });
    expect(before.statusCode).toBe(200);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: EMAIL_CHANGE_PATHS.confirm,
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(newEmail);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: body.email, password: body.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: newEmail, password: body.password },
    });
    expect(newLogin.statusCode).toBe(200);
    expect(newLogin.json().data.email).toBe(newEmail);
    expect(newLogin.json().data.emailVerified).toBe(true);

    // The session opened before the change still works and now names the new e-mail.
    const me = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: auth });
    expect(me.json().data.email).toBe(newEmail);

    // The link is spent.
    const again = await t.app.inject({ method: 'POST', url: EMAIL_CHANGE_PATHS.confirm, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('refuses a wrong password, a taken e-mail, the same e-mail and bad input with a 4xx', async () => {
    const { body, auth } = await signUp();
    const other = await signUp();
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: EMAIL_CHANGE_PATHS.request, headers: auth, payload });
    const wrong = await post({ newEmail: 'x@new.example.com', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const taken = await post({ newEmail: other.body.email, password: body.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('USER_ALREADY_EXISTS');
    const same = await post({ newEmail: body.email, password: body.password });
    expect(same.statusCode).toBe(400);
    const bad = await post({ newEmail: 'not an email', password: body.password });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PARAMETER');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: EMAIL_CHANGE_PATHS.request,
      payload: { newEmail: 'x@new.example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a tampered or garbage link with INVALID_CODE', async () => {
    const { body, auth } = await signUp();
    const newEmail = `tamper-${Date.now()}@new.example.com`;
    await t.app.inject({
      method: 'POST',
      url: EMAIL_CHANGE_PATHS.request,
      headers: auth,
      payload: { newEmail, password: body.password },
    });
    const token = tokenIn((await t.lastMailTo(newEmail))?.text ?? '');
    const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [flipped, 'garbage', 'x'.repeat(2048)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: EMAIL_CHANGE_PATHS.confirm,
        payload: { token: bad },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CODE');
    }
  });
});
