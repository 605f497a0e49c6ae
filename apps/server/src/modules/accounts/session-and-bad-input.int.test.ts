import { ACCOUNT_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, sessions, users } from '../../db/schema/index.js';
import { sha256 } from '../../platform/crypto.js';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { forgetAllSessions } from './session-cache.js';

const RESET_ANSWER = 'If an account uses this e-mail, a reset code is on its way.';

describe.each(testDatabaseKinds())('sessions and bad input on %s', (kind) => {
  const { t } = useTestApp(kind);

  async function signUp() {
    const body = newSignup();
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(200);
    return { ...body, token: res.json().data.token as string, applicationId: res.json().data.applicationId };
  }

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.me, headers: { authorization: `Bearer ${token}` } });

  const mailsTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));

  const login = (userName: string, password: string) =>
    t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.login, payload: { userName, password } });

  async function resetCodeFor(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetRequest,
      payload: { userName: email },
    });
    expect(res.statusCode).toBe(200);
    const code = /reset code is (\d{8})/.exec((await t.lastMailTo(email))?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{8}$/);
    return code!;
  }

  /** An 8-digit code that is none of the given ones. */
  const wrongCode = (i: number, ...right: string[]) => {
    let c = String(10_000_000 + i * 7919);
    while (right.includes(c)) c = String(Number(c) + 1);
    return c;
  };

  it('issues sessions for the configured lifetime, and refuses a session past its expiry with 401', async () => {
    const owner = await signUp();
    const signupAt = Date.now();
    const expiresAt = (await me(owner.token)).json().data.tokenExpiresAt as number;
    expect(Math.abs(expiresAt - (signupAt + t.config.sessionTtlMs))).toBeLessThan(60_000);

    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(owner.token)));
    // A row edited by hand: the session cache would answer from memory for up to SESSION_CACHE_MS.
    forgetAllSessions();
    const res = await me(owner.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    // The messaging family refuses it too.
    const messaging = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_PATHS.applicationGet}?applicationId=${owner.applicationId}`,
      headers: { 'x-authorization': owner.token },
    });
    expect(messaging.statusCode).toBe(401);

    // Signing in again gives a fresh, working session.
    const again = await login(owner.email, owner.password);
    expect((await me(again.json().data.token)).statusCode).toBe(200);
  });

  it('refuses an inserted session row whose expiry is in the past, and serves one in the future', async () => {
    const owner = await signUp();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, owner.email));
    const insert = (token: string, expiresAt: Date) =>
      t.database.db.insert(sessions).values({
        tokenHash: sha256(token),
        userId: user!.id,
        applicationId: owner.applicationId,
        kind: 'dashboard',
        expiresAt,
      });
    await insert('old-token-0123456789', new Date(Date.now() - 60_000));
    await insert('live-token-0123456789', new Date(Date.now() + 60_000));
    expect((await me('old-token-0123456789')).statusCode).toBe(401);
    expect((await me('live-token-0123456789')).statusCode).toBe(200);
  });

  it('ends the sessions of a deactivated member and refuses their sign-in', async () => {
    const owner = await signUp();
    await t.database.db.update(users).set({ status: 2 }).where(eq(users.email, owner.email));
    expect((await me(owner.token)).statusCode).toBe(401);
    const res = await login(owner.email, owner.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('USER_DEACTIVATED');
  });

  it('answers a password over 128 characters on login with 400, not a sign-in attempt', async () => {
    const owner = await signUp();
    const res = await login(owner.email, `${owner.password}${'x'.repeat(129)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'password' })]),
    );
    // 128 characters is still a normal (wrong) password.
    const at128 = await login(owner.email, 'x'.repeat(128));
    expect(at128.statusCode).toBe(401);
    expect(at128.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a sign-up with an invite token with 400 INVALID_INVITE and creates nothing', async () => {
    const plain = newSignup();
    const body = { ...plain, inviteToken: 'some-invite-token' };
    const appsBefore = (await t.database.relational.query.applications.findMany()).length;
    const res = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INVITE');
    expect((await t.database.relational.query.applications.findMany()).length).toBe(appsBefore);
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await mailsTo(body.email)).toEqual([]);
    // The address is still free.
    const later = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: plain });
    expect(later.statusCode).toBe(200);
  });

  it('resends the validation mail while unverified, and answers ALREADY_VERIFIED afterwards', async () => {
    const owner = await signUp();
    const auth = { authorization: `Bearer ${owner.token}` };
    expect(await mailsTo(owner.email)).toHaveLength(1);
    const resent = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.emailResend, headers: auth });
    expect(resent.statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toHaveLength(2);

    const code = decodeURIComponent(
      /code=([^\s&]+)/.exec((await t.lastMailTo(owner.email))?.text ?? '')?.[1] ?? '',
    );
    const validated = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.emailValidate,
      payload: { code },
    });
    expect(validated.statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.emailResend, headers: auth });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('ALREADY_VERIFIED');
    expect(await mailsTo(owner.email)).toHaveLength(2);

    const anonymous = await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.emailResend });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a reset request for an unknown e-mail exactly like a known one, and sends no mail', async () => {
    const owner = await signUp();
    const unknown = `nobody-${Date.now()}@example.com`;
    const allBefore = (await t.database.db.select().from(mailOutbox)).length;
    const forUnknown = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetRequest,
      payload: { userName: unknown },
    });
    expect(forUnknown.statusCode).toBe(200);
    expect(forUnknown.json()).toEqual({ code: 'SUCCESS', message: RESET_ANSWER });
    expect(await mailsTo(unknown)).toEqual([]);
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(allBefore);

    const forKnown = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetRequest,
      payload: { userName: owner.email.toUpperCase() },
    });
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.json()).toEqual(forUnknown.json());
    expect((await t.lastMailTo(owner.email))?.subject).toBe('Reset your password');
  });

  it('accepts the right reset code after a few wrong ones', async () => {
    const owner = await signUp();
    const code = await resetCodeFor(owner.email);
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.passwordResetValidate,
        payload: { userName: owner.email, code: wrongCode(i, code) },
      });
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetUpdate,
      payload: { userName: owner.email, code, newPassword: 'Fresh1234' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('locks the reset code after 6 wrong tries: even the right code is then refused', async () => {
    const owner = await signUp();
    const code = await resetCodeFor(owner.email);
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.passwordResetValidate,
        payload: { userName: owner.email, code: wrongCode(i, code) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const validate = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetValidate,
      payload: { userName: owner.email, code },
    });
    expect(validate.json().code).toBe('INVALID_CODE');
    const update = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetUpdate,
      payload: { userName: owner.email, code, newPassword: 'Fresh1234' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().code).toBe('INVALID_CODE');
    expect((await login(owner.email, 'Fresh1234')).statusCode).toBe(401);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts wrong tries against every live reset code, not just the newest', async () => {
    // Anyone may ask for reset codes; with two live codes, the older one must not stay guessable
    // after the wrong tries have locked the newer one.
    const owner = await signUp();
    const older = await resetCodeFor(owner.email);
    const newer = await resetCodeFor(owner.email);
    expect(newer).not.toBe(older);
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.passwordResetValidate,
        payload: { userName: owner.email, code: wrongCode(i, older, newer) },
      });
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const withOlder = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.passwordResetValidate,
      payload: { userName: owner.email, code: older },
    });
    expect(withOlder.json().code).toBe('INVALID_CODE');
  });
});
