import { ACCOUNT_PATHS, AGENT_APP_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('mobile sign-in by QR link on %s', (kind) => {
  const { t } = useTestApp(kind);

  async function signUp() {
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() });
    const data = res.json().data as { token: string; userName: string };
    return { userName: data.userName, auth: { authorization: `Bearer ${data.token}` } };
  }
  const link = (auth: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: AGENT_APP_PATHS.link, headers: auth });
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: AGENT_APP_PATHS.exchange, payload: { token } });
  const tokenOf = (url: string) => url.split('/t/')[1] ?? '';

  it('gives a QR link whose token signs the phone in once, as the same member', async () => {
    const { userName, auth } = await signUp();
    const res = await link(auth);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { url: string; qrDataUrl: string; expiresAt: number };
    expect(data.url).toMatch(/\/t\/[A-Za-z0-9_-]+$/);
    expect(data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(data.expiresAt).toBeGreaterThan(Date.now());

    const phone = await exchange(tokenOf(data.url));
    expect(phone.statusCode).toBe(200);
    const session = phone.json().data as { token: string; userName: string };
    expect(session.userName).toBe(userName);
    expect(session.token).not.toBe(auth.authorization.slice(7));
    const me = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.me,
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(200);

    const again = await exchange(tokenOf(data.url));
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('retires the previous link when a new one is made; refuses unknown tokens and anonymous callers', async () => {
    const { auth } = await signUp();
    const first = (await link(auth)).json().data as { url: string };
    const second = (await link(auth)).json().data as { url: string };
    expect((await exchange(tokenOf(first.url))).statusCode).toBe(400);
    expect((await exchange('nope')).json().code).toBe('INVALID_CODE');
    expect((await exchange('')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: AGENT_APP_PATHS.link })).statusCode).toBe(401);
    expect((await exchange(tokenOf(second.url))).statusCode).toBe(200);
  });
});
