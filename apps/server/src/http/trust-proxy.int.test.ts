import { ACCOUNT_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newSignup, type TestApp } from '../testing/test-app.js';

// Issue 14 item 1: X-Forwarded-For is honoured only from configured proxies (TRUST_PROXY). Before,
// any caller could write a new address in it on each request and was never limited.

let n = 0;
/** A new forged client address on every call. */
const forged = () => ({ 'x-forwarded-for': `203.0.113.${(n++ % 250) + 1}` });

/** Codes of `count` password-reset validations for one account, each with a new forged address. */
async function rotatedResetValidations(t: TestApp, count: number, remoteAddress = '127.0.0.1') {
  const userName = `rotating-${Math.random().toString(36).slice(2)}@example.com`;
  const codes: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetValidate,
      headers: forged(),
      remoteAddress,
      payload: { userName, code: '123456' },
    });
    codes.push(res.statusCode);
    if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  }
  return codes;
}

describe('forwarded addresses and rate limits', () => {
  const apps: Record<'plain' | 'named' | 'hops', TestApp | undefined> = {
    plain: undefined,
    named: undefined,
    hops: undefined,
  };
  const app = (k: keyof typeof apps) => apps[k]!;
  beforeAll(async () => {
    apps.plain = await createTestApp('pglite');
    apps.named = await createTestApp('pglite', { TRUST_PROXY: '10.0.0.0/8' });
    apps.hops = await createTestApp('pglite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    for (const t of Object.values(apps)) await t?.close();
  });

  it('by default ignores the header: a caller rotating it is still limited', async () => {
    const codes = await rotatedResetValidations(app('plain'), 11);
    expect(codes.slice(0, 10)).not.toContain(429);
    expect(codes[10]).toBe(429);
  });

  it('by default limits register/client and widget-style floods whatever the header says', async () => {
    const t = app('plain');
    const { applicationId } = (
      await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: newSignup() })
    ).json().data as { applicationId: string };
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: REGISTRATION_PATHS.registerClient,
        headers: forged(),
        remoteAddress: '192.0.2.10',
        payload: { userId: `rot-${i}`, applicationId, authenticationTypeId: 0 },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 60)).not.toContain(429);
    expect(codes[60]).toBe(429);
  });

  it('by default refuses the right password after many wrong ones from rotating addresses', async () => {
    const t = app('plain');
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        headers: forged(),
        remoteAddress: '192.0.2.20',
        payload: { userName: body.email, password: 'Wrong1234' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      headers: forged(),
      remoteAddress: '192.0.2.20',
      payload: { userName: body.email, password: body.password },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('RATE_LIMITED');
  });

  it('honours the header from a proxy TRUST_PROXY names, and only from it', async () => {
    // Behind the named proxy every forged address is a different client: none is limited.
    expect(await rotatedResetValidations(app('named'), 12, '10.1.2.3')).not.toContain(429);
    // The same header from a peer that is not a named proxy is ignored.
    expect((await rotatedResetValidations(app('named'), 11, '192.0.2.30'))[10]).toBe(429);
  });

  it('honours the header through a hop count', async () => {
    expect(await rotatedResetValidations(app('hops'), 12, '192.0.2.40')).not.toContain(429);
  });
});
