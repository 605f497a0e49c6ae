import { ACCOUNT_PATHS, BILLING_PATHS, INBOX_PATHS } from '@convo/api';
import { FREQUENT_SIGNUPS_ALLOWED, FREQUENT_SIGNUPS_WINDOW_DAYS, MS_IN_DAY } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.js';
import { newSignup, type TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { setPlan } from '../billing/service.js';

// SPEC §8 domain block, the frequent-signups message: "refuses competitor research use; asks to get
// in touch or buy a plan". Our rule: the sign-ups of one company domain beyond
// FREQUENT_SIGNUPS_ALLOWED within FREQUENT_SIGNUPS_WINDOW_DAYS are blocked until they buy a plan.

const MESSAGE =
  'Many accounts have been signed up from your email domain in a short time. Trial accounts are not for competitor research: to keep using the product, get in touch with us or buy a plan.';

async function signUp(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_PATHS.signup,
    payload: newSignup({ email }),
  });
  expect(res.statusCode).toBe(200);
  const session = res.json().data as {
    token: string;
    applicationId: string;
    application: { signupBlock?: string | null };
  };
  return {
    applicationId: session.applicationId,
    signupBlock: session.application.signupBlock,
    headers: { 'x-authorization': session.token, 'application-key': session.applicationId },
  };
}

const uniqueDomain = () => `acme-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}.example`;

describe.each(testDatabaseKinds())('frequent sign-ups on %s', (kind) => {
  describe('hosted (a billing provider is set)', () => {
    const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });
    const get = (headers: Record<string, string>, url: string) =>
      t.app.inject({ method: 'GET', url, headers });

    it('blocks the sign-up after the allowed ones of a domain with 402 FREQUENT_SIGNUPS until a plan is bought', async () => {
      const domain = uniqueDomain();
      const allowed = [];
      for (let i = 0; i < FREQUENT_SIGNUPS_ALLOWED; i++)
        allowed.push(await signUp(t, `person${i}@${domain}`));
      for (const account of allowed) {
        expect(account.signupBlock).toBeNull();
        expect((await get(account.headers, INBOX_PATHS.tags)).statusCode).toBe(200);
      }

      // The domain is compared case-insensitively (the address is stored lower-cased).
      const next = await signUp(t, `Someone@${domain.toUpperCase()}`);
      expect(next.signupBlock).toBe('frequent-signups');
      const refused = await get(next.headers, INBOX_PATHS.tags);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        code: 'FREQUENT_SIGNUPS',
        message: MESSAGE,
        details: { redirect: '/settings/billing' },
      });
      // What the member needs to buy a plan, and the session the dashboard's modal reads, stay open.
      expect((await get(next.headers, BILLING_PATHS.overview)).statusCode).toBe(200);
      const me = await get(next.headers, ACCOUNT_PATHS.me);
      expect(me.statusCode).toBe(200);
      expect(me.json().data.application.signupBlock).toBe('frequent-signups');

      await setPlan(t.database.db, {
        applicationId: next.applicationId,
        plan: 'starter',
        provider: 'manual',
      });
      expect((await get(next.headers, INBOX_PATHS.tags)).statusCode).toBe(200);
    });

    it('never counts shared mail providers together, nor sign-ups older than the window', async () => {
      for (let i = 0; i <= FREQUENT_SIGNUPS_ALLOWED; i++) {
        const account = await signUp(t, `someone-${uniqueDomain()}-${i}@gmail.com`);
        expect(account.signupBlock).toBeNull();
      }
      const domain = uniqueDomain();
      for (let i = 0; i < FREQUENT_SIGNUPS_ALLOWED; i++) await signUp(t, `old${i}@${domain}`);
      await t.database.db
        .update(customers)
        .set({ createdAt: new Date(Date.now() - (FREQUENT_SIGNUPS_WINDOW_DAYS + 1) * MS_IN_DAY) })
        .where(eq(customers.emailDomain, domain));
      const later = await signUp(t, `new@${domain}`);
      expect(later.signupBlock).toBeNull();
      expect((await get(later.headers, INBOX_PATHS.tags)).statusCode).toBe(200);
    });
  });

  describe('self-hosted (no billing provider)', () => {
    const { t } = useTestApp(kind);

    it('blocks nobody, however many sign-ups share a domain', async () => {
      const domain = uniqueDomain();
      for (let i = 0; i <= FREQUENT_SIGNUPS_ALLOWED + 1; i++) {
        const account = await signUp(t, `person${i}@${domain}`);
        expect(account.signupBlock).toBeNull();
        expect(
          (await t.app.inject({ method: 'GET', url: INBOX_PATHS.tags, headers: account.headers })).statusCode,
        ).toBe(200);
      }
    });
  });
});
