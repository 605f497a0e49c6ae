import { ACCOUNT_PATHS, BILLING_PATHS, INBOX_PATHS, MESSAGING_PATHS } from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingSubscriptions } from '../../db/schema/index.js';
import { signedInMember } from '../../testing/members.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { OPEN_WHEN_BLOCKED } from './account-gate.js';
import { setPlan } from './service.js';

const DAY = 86_400_000;
const TAGS = INBOX_PATHS.tags;

// SPEC §4 on the API: blocked accounts can not use the product through the API; billing, the
// session and sign-in stay usable; the widget's end users are not refused.
describe.each(testDatabaseKinds())('account states on the API on %s', (kind) => {
  describe('with the manual provider', () => {
    const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });
    const plan = (tenant: Tenant, name: string, extra: Partial<Parameters<typeof setPlan>[1]> = {}) =>
      setPlan(t.database.db, {
        applicationId: tenant.applicationId,
        plan: name,
        provider: 'manual',
        ...extra,
      });
    const get = (headers: Record<string, string>, url: string) =>
      t.app.inject({ method: 'GET', url, headers });
    const dueOnSubscription = (tenant: Tenant, set: Partial<typeof billingSubscriptions.$inferInsert>) =>
      t.database.db
        .update(billingSubscriptions)
        .set(set)
        .where(eq(billingSubscriptions.applicationId, tenant.applicationId));

    it('every route kept open for a blocked account exists (Checkout and portal: Stripe only)', () => {
      const declared = new Set(t.app.routeTable.routes.map((r) => `${r.method} ${r.url}`));
      const missing = [...OPEN_WHEN_BLOCKED].filter((route) => !declared.has(route));
      expect(missing).toEqual([`POST ${BILLING_PATHS.checkout}`, `POST ${BILLING_PATHS.portal}`]);
    });

    it('an expired trial is refused with 402 SUBSCRIPTION_REQUIRED on both API families, keeps billing, and gets everything back with a plan', async () => {
      const tenant = await newTenant(t);
      const { visitor, groupId } = await newVisitorConversation(t, tenant);
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
      await plan(tenant, 'trial', { until: new Date(Date.now() - DAY) });

      const product = await get(tenant.admin, TAGS);
      expect(product.statusCode).toBe(402);
      expect(product.json()).toEqual({
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'Your trial has ended. Purchase a plan to continue.',
        details: { state: 'trial-expired', redirect: '/trial-expired' },
      });
      const messaging = await get(tenant.admin, `${MESSAGING_PATHS.messageList}?groupId=${groupId}`);
      expect(messaging.statusCode).toBe(402);
      const reply = await sendTestMessage(t, tenant.admin, groupId, 'reply-after-expiry');
      expect(reply.statusCode).toBe(402);
      // Every role of the account, not only its owner.
      const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
      expect((await get(agent.headers, TAGS)).json().code).toBe('SUBSCRIPTION_REQUIRED');

      // What the owner needs to pay stays open.
      expect((await get(tenant.admin, BILLING_PATHS.state)).json().data.state).toBe('trial-expired');
      expect((await get(tenant.admin, BILLING_PATHS.overview)).statusCode).toBe(200);
      expect(
        (await get(tenant.admin, `${BILLING_PATHS.changePreview}?plan=professional&period=month`)).statusCode,
      ).toBe(200);
      expect((await get(tenant.admin, ACCOUNT_PATHS.me)).statusCode).toBe(200);
      // The company's visitors still write in (SPEC §4 closes the dashboard, not the widget).
      expect((await sendTestMessage(t, visitor.headers, groupId, 'visitor-after-expiry')).statusCode).toBe(
        200,
      );

      await plan(tenant, 'professional');
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
      expect((await sendTestMessage(t, tenant.admin, groupId, 'reply-after-upgrade')).statusCode).toBe(200);
    });

    it('a running trial is open', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'trial', { until: new Date(Date.now() + DAY) });
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
    });

    it('monthly: 1 unpaid invoice is open, 2 are suspended, auto-collection off is open again', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'professional');
      await dueOnSubscription(tenant, { dueInvoiceCount: 1, dueSince: new Date(Date.now() - 40 * DAY) });
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
      await dueOnSubscription(tenant, { dueInvoiceCount: 2 });
      const refused = await get(tenant.admin, TAGS);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().details).toEqual({ state: 'suspended', redirect: '/account-suspended' });
      expect((await get(tenant.admin, BILLING_PATHS.overview)).statusCode).toBe(200);
      await dueOnSubscription(tenant, { autoCollection: 'off' });
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
    });

    it('yearly: 59 days overdue is open, 61 days is suspended', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'professional', { period: 'year' });
      await dueOnSubscription(tenant, { dueInvoiceCount: 1, dueSince: new Date(Date.now() - 59 * DAY) });
      expect((await get(tenant.admin, TAGS)).statusCode).toBe(200);
      await dueOnSubscription(tenant, { dueSince: new Date(Date.now() - 61 * DAY) });
      expect((await get(tenant.admin, TAGS)).json().code).toBe('SUBSCRIPTION_REQUIRED');
    });

    it('a churned account is refused and sent to billing', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'churn');
      const refused = await get(tenant.admin, TAGS);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        message: 'Your subscription has ended. Purchase a plan to continue.',
        details: { state: 'churned', redirect: '/settings/billing' },
      });
    });
  });
});
