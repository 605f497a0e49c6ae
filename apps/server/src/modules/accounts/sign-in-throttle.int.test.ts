import { ACCOUNT_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { DEVICE_COOKIE } from './sign-in-throttle.js';

// Issue 14 item 1: failures are counted per account and per address, with a backoff; a browser
// that signed in to the account before (its device cookie) is counted apart, so someone else's
// failures do not lock the real user out, even from the same (shared) address.

/** The `name=value` of the device cookie a response sets. */
function deviceCookieOf(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : [setCookie ?? ''];
  const found = all.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!found) throw new Error(`no device cookie in ${JSON.stringify(setCookie)}`);
  return found.split(';')[0]!;
}

describe.each(testDatabaseKinds())('sign-in throttle on %s', (kind) => {
  const { t } = useTestApp(kind);

  const login = (payload: Record<string, unknown>, remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload,
      remoteAddress,
      headers: cookie ? { cookie } : {},
    });

  it('lets the right password in from a known device after someone else’s 10 failures on a shared address', async () => {
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const office = '192.0.2.50';
    const first = await login({ userName: body.email, password: body.password }, office);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(first.headers['set-cookie']).toMatch(/HttpOnly/);

    // A stranger at the same address (no device cookie) guesses.
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await login({ userName: body.email, password: `Guess${i}xyz` }, office)).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
    // Even the right password is refused to a browser the account does not know…
    const stranger = await login({ userName: body.email, password: body.password }, office);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 1 minute(s).',
    });
    // …and from another address too: the account itself is slowed down.
    expect((await login({ userName: body.email, password: body.password }, '192.0.2.51')).statusCode).toBe(
      429,
    );
    // The real user's browser still gets in, from the same address.
    const known = await login({ userName: body.email, password: body.password }, office, device);
    expect(known.statusCode).toBe(200);
    expect(known.json().data.token).toEqual(expect.any(String));
  });

  it('does not take a device cookie issued for another account, or a forged one', async () => {
    const mine = newSignup();
    const victim = newSignup();
    const signup = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: mine });
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: victim });
    const myDevice = deviceCookieOf(signup.headers['set-cookie']);
    const address = '192.0.2.60';
    for (let i = 0; i < 10; i++) await login({ userName: victim.email, password: `Guess${i}xyz` }, address);
    for (const cookie of [myDevice, `${DEVICE_COOKIE}=abc.def`]) {
      const res = await login({ userName: victim.email, password: victim.password }, address, cookie);
      expect(res.statusCode).toBe(429);
    }
  });

  it('counts a known device’s own failures: a stolen cookie does not give unlimited guesses', async () => {
    const body = newSignup();
    const signup = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const device = deviceCookieOf(signup.headers['set-cookie']);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await login({ userName: body.email, password: `Guess${i}xyz` }, '192.0.2.70', device)).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('counts failures per address across accounts (RATE_LIMIT_LOGIN_ADDRESS_MAX, 50)', async () => {
    const address = '192.0.2.80';
    const codes: number[] = [];
    // Five accounts (unknown ones are checked the same way), ten failures each: the address's 50.
    for (let a = 0; a < 5; a++) {
      const userName = `nobody-${a}-${Math.random().toString(36).slice(2)}@example.com`;
      for (let i = 0; i < 10; i++)
        codes.push((await login({ userName, password: 'Wrong1234' }, address)).statusCode);
    }
    expect(codes.every((c) => c === 401)).toBe(true);
    const fresh = `fresh-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await login({ userName: fresh, password: 'Wrong1234' }, address)).statusCode).toBe(429);
    expect((await login({ userName: fresh, password: 'Wrong1234' }, '192.0.2.81')).statusCode).toBe(401);
  });

  it('lets at most one attempt past the free tries when many arrive at once', async () => {
    const body = newSignup();
    await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login({ userName: body.email, password: `Guess${i}xyz` }, `198.51.100.${i + 1}`),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(11);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(9);
  });
});
