import { ACCOUNT_PATHS, MESSAGING_ADMIN_PATHS as P } from '@convo/api';
import { type FakeRecaptcha, startFakeRecaptcha } from '@convo/provider-fakes';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, users } from '../../db/schema/index.js';
import { newSignup, type TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The captcha of `register/v2/account` (SPEC §7) against the reCAPTCHA siteverify fake: checked
// only when CAPTCHA_SECRET is set, before anything is written, and failing closed.

const register = (t: TestApp, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: P.registerAccount, payload: body });

/** The account's rows: its members by e-mail, and an application named after its company. */
async function rowsOf(t: TestApp, email: string, companyName: string) {
  const db = t.database.db;
  const [people, apps] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.userId, email), eq(users.email, email))),
    db.select({ id: applications.id }).from(applications).where(eq(applications.name, companyName)),
  ]);
  return people.length + apps.length;
}

describe.each(testDatabaseKinds())('register/v2/account captcha on %s', (kind) => {
  describe('without CAPTCHA_SECRET', () => {
    const { t } = useTestApp(kind);

    it('registers without an answer, and tells clients there is no site key', async () => {
      const s = newSignup();
      const res = await register(t, { userId: s.email, userPassword: s.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response.message).toBe('REGISTERED');
      const config = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
      expect(config.json().captchaSiteKey).toBeNull();
    });
  });

  describe('with CAPTCHA_SECRET', () => {
    let fake: FakeRecaptcha;
    let stopped = false;
    beforeAll(async () => {
      fake = await startFakeRecaptcha({ secret: 'recaptcha-test-secret' });
    });
    afterAll(async () => {
      if (!stopped) await fake.close();
    });
    const { t } = useTestApp(kind, {
      env: () => ({
        CAPTCHA_SECRET: fake.secret,
        CAPTCHA_SITE_KEY: 'public-site-key',
        CAPTCHA_VERIFY_URL: fake.verifyUrl,
      }),
    });

    /** A refused sign-up: its status and code, and no row of the account left behind. */
    async function expectRefused(status: number, code: string, captchaResponse?: string) {
      const s = newSignup();
      const res = await register(t, {
        userId: s.email,
        userPassword: s.password,
        companyName: s.companyName,
        ...(captchaResponse === undefined ? {} : { captchaResponse }),
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await rowsOf(t, s.email, s.companyName)).toBe(0);
    }

    it('refuses a missing answer with CAPTCHA_REQUIRED without asking the verifier', async () => {
      const before = fake.calls.length;
      await expectRefused(400, 'CAPTCHA_REQUIRED');
      await expectRefused(400, 'CAPTCHA_REQUIRED', '');
      expect(fake.calls.length).toBe(before);
    });

    it('refuses an answer the verifier does not know with CAPTCHA_FAILED', async () => {
      await expectRefused(400, 'CAPTCHA_FAILED', 'typed-by-a-script');
      expect(fake.calls.at(-1)).toMatchObject({ success: false, errorCodes: ['invalid-input-response'] });
    });

    it('registers with a solved captcha, sending the secret and the caller’s address; the answer works once', async () => {
      const token = fake.issueToken();
      const s = newSignup();
      const res = await register(t, {
        userId: s.email,
        userPassword: s.password,
        companyName: s.companyName,
        captchaResponse: token,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().response).toMatchObject({ message: 'REGISTERED', userId: s.email, roleType: '0' });
      expect(await rowsOf(t, s.email, s.companyName)).toBe(2);
      expect(fake.calls.at(-1)).toEqual({
        secret: 'recaptcha-test-secret',
        response: token,
        remoteip: '127.0.0.1',
        success: true,
        errorCodes: [],
      });

      await expectRefused(400, 'CAPTCHA_FAILED', token);
      expect(fake.calls.at(-1)?.errorCodes).toEqual(['timeout-or-duplicate']);
    });

    it('gives clients the site key and never the secret', async () => {
      const res = await t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
      expect(res.json().captchaSiteKey).toBe('public-site-key');
      expect(res.body).not.toContain(fake.secret);
    });

    it('fails closed with 503 CAPTCHA_UNAVAILABLE when the verifier cannot be reached', async () => {
      const token = fake.issueToken();
      await fake.close();
      stopped = true;
      await expectRefused(503, 'CAPTCHA_UNAVAILABLE', token);
    });
  });
});
