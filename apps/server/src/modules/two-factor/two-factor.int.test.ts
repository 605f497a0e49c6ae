import { ACCOUNT_PATHS, TWO_FACTOR_PATHS as P, TEAM_ADMIN_PATHS } from '@convo/api';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('two-factor sign-in on %s', (kind) => {
  const { t } = useTestApp(kind);

  async function owner() {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    return {
      email: body.email,
      password: body.password,
      headers: { authorization: `Bearer ${res.json().data.token}` },
    };
  }
  const login = (email: string, password: string, otp?: string) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: email, password, ...(otp ? { otp } : {}) },
    });
  /** A code of a later time step than the last one used (codes work once). */
  const codeAt = (secret: string, offsetSeconds: number) =>
    generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  it('sets up with a QR and a first code, then sign-in asks for the code', async () => {
    const o = await owner();
    const qr = await t.app.inject({ method: 'POST', url: P.generateQr, headers: o.headers });
    expect(qr.statusCode, qr.body).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = qr.json().data;
    expect(otpauthUrl).toContain('otpauth://totp/');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: P.setup,
      headers: o.headers,
      payload: { code: '000000' },
    });
    // 400, not 401: a wrong code must not end the session it is typed in.
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_OTP', message: 'Error while validating otp' });
    const setup = await t.app.inject({
      method: 'POST',
      url: P.setup,
      headers: o.headers,
      payload: { code: codeAt(secret, -30) },
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const recovery = setup.json().data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);

    const noCode = await login(o.email, o.password);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('OTP_REQUIRED');
    const bad = await login(o.email, o.password, '123456');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Error while validating otp');
    const good = await login(o.email, o.password, codeAt(secret, 0));
    expect(good.statusCode, good.body).toBe(200);
    // The same code does not work twice.
    const replay = await login(o.email, o.password, codeAt(secret, 0));
    expect(replay.json().code).toBe('INVALID_OTP');
    // A recovery code works once.
    expect((await login(o.email, o.password, recovery[0])).statusCode).toBe(200);
    expect((await login(o.email, o.password, recovery[0])).json().code).toBe('INVALID_OTP');

    const status = await t.app.inject({ method: 'GET', url: P.status, headers: o.headers });
    expect(status.json().data).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const off = await t.app.inject({
      method: 'POST',
      url: P.update,
      headers: o.headers,
      payload: { enabled: false, code: recovery[1] },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(o.email, o.password)).statusCode).toBe(200);
  });

  it('is for super admins only (SPEC §6: admins lack 2fa)', async () => {
    const o = await owner();
    const email = `admin-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: TEAM_ADMIN_PATHS.invite,
      headers: o.headers,
      payload: { email, roleType: '1' },
    });
    const token = /inviteToken=([^\s&]+)/.exec((await t.lastMailTo(email))!.text)![1]!;
    const admin = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.signup,
      payload: newSignup({ email, inviteToken: decodeURIComponent(token) }),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: P.generateQr,
      headers: { authorization: `Bearer ${admin.json().data.token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
