import { BILLING_PATHS, BOT_PATHS, TEAM_ADMIN_PATHS, WEBHOOK_PATHS, WIDGET_SETTINGS_PATHS } from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, appSettings, billingSubscriptions } from '../../db/schema/index.js';
import { signedInMember } from '../../testing/members.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { addUsage, usagePeriod } from './repository.js';
import { setPlan } from './service.js';

const DAY = 86_400_000;
const SSO_SETTINGS = '/api/settings/sso';

describe.each(testDatabaseKinds())('billing on %s', (kind) => {
  describe('without a billing provider (self-hosted default)', () => {
    const { t, tenants } = useTestApp(kind, { tenants: 1 });

    it('runs the operator plan: everything open, the state says so', async () => {
      const [tenant] = tenants;
      const state = await t.app.inject({ method: 'GET', url: BILLING_PATHS.state, headers: tenant.admin });
      expect(state.statusCode).toBe(200);
      expect(state.json().data).toMatchObject({ mode: 'operator', state: 'active', lockedFeatures: {} });
      // Even a lapsed trial changes nothing without a provider.
      await t.database.db
        .update(applications)
        .set({ createdAt: new Date(Date.now() - 90 * DAY) })
        .where(eq(applications.id, tenant.applicationId));
      const hooks = await t.app.inject({ method: 'GET', url: WEBHOOK_PATHS.list, headers: tenant.admin });
      expect(hooks.statusCode).toBe(200);
      const overview = await t.app.inject({
        method: 'GET',
        url: BILLING_PATHS.overview,
        headers: tenant.admin,
      });
      expect(overview.json().data).toMatchObject({ mode: 'operator', provider: null, invoices: [] });
    });
  });

  describe('with the manual provider', () => {
    const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });
    const plan = async (tenant: Tenant, name: string, extra: Partial<Parameters<typeof setPlan>[1]> = {}) =>
      setPlan(t.database.db, {
        applicationId: tenant.applicationId,
        plan: name,
        provider: 'manual',
        ...extra,
      });
    const get = (tenant: Tenant, url: string) => t.app.inject({ method: 'GET', url, headers: tenant.admin });

    it('a new sign-up is on a running trial with everything open', async () => {
      const tenant = await newTenant(t);
      const state = (await get(tenant, BILLING_PATHS.state)).json().data;
      expect(state).toMatchObject({ mode: 'billed', state: 'trial', plan: 'trial', trialDaysLeft: 30 });
      expect((await get(tenant, WEBHOOK_PATHS.list)).statusCode).toBe(200);
      expect((await get(tenant, SSO_SETTINGS)).statusCode).toBe(200);
    });

    it('gates routes by plan level with 402 FEATURE_NOT_AVAILABLE, per plan', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'starter');
      const refused = await get(tenant, WEBHOOK_PATHS.list);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        code: 'FEATURE_NOT_AVAILABLE',
        message: 'Webhooks is not part of your plan. Upgrade your plan to use it.',
        details: { feature: 'webhooks', reason: 'FEATURE_NOT_AVAILABLE' },
      });
      // CSAT is a level-1 feature: open on starter; business hours too.
      const csat = await t.app.inject({
        method: 'PATCH',
        url: WIDGET_SETTINGS_PATHS.chatWidget,
        headers: tenant.admin,
        payload: { csat: { enabled: false, askComment: false } },
      });
      expect(csat.statusCode).toBe(200);
      const state = (await get(tenant, BILLING_PATHS.state)).json().data;
      expect(state.lockedFeatures.webhooks).toEqual({ reason: 'FEATURE_NOT_AVAILABLE', requiredLevel: 2 });

      await plan(tenant, 'professional');
      expect((await get(tenant, WEBHOOK_PATHS.list)).statusCode).toBe(200);
      expect((await get(tenant, SSO_SETTINGS)).statusCode).toBe(402);
      await plan(tenant, 'enterprise');
      expect((await get(tenant, SSO_SETTINGS)).statusCode).toBe(200);
    });

    it('checks the role before the plan: an agent gets 403, not an upgrade prompt', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'starter');
      const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
      // Agents lack settings.sso (SPEC §6), and SSO is above the starter plan.
      const res = await t.app.inject({ method: 'GET', url: SSO_SETTINGS, headers: agent.headers });
      expect(res.statusCode).toBe(403);
      expect((await get(tenant, SSO_SETTINGS)).statusCode).toBe(402);
    });

    it('an ended trial is trial-expired: the product API refuses it (account-gate.int.test.ts) until a plan', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'trial', { until: new Date(Date.now() - DAY) });
      expect((await get(tenant, BILLING_PATHS.state)).json().data).toMatchObject({
        state: 'trial-expired',
        trialDaysLeft: null,
      });
      const csat = await t.app.inject({
        method: 'PATCH',
        url: WIDGET_SETTINGS_PATHS.chatWidget,
        headers: tenant.admin,
        payload: { csat: { enabled: false, askComment: false } },
      });
      expect(csat.statusCode).toBe(402);
      expect(csat.json()).toMatchObject({
        code: 'SUBSCRIPTION_REQUIRED',
        details: { state: 'trial-expired' },
      });
      // The features it would keep are the free ones (what the state page's upgrade prompts show).
      expect((await get(tenant, BILLING_PATHS.state)).json().data.lockedFeatures.csat).toBeDefined();
      await plan(tenant, 'professional');
      expect((await get(tenant, BILLING_PATHS.state)).json().data.state).toBe('active');
    });

    it('a monthly plan with 2 unpaid invoices is suspended; auto-collection off is not', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'professional');
      await t.database.db
        .update(applications)
        .set({ dueInvoiceCount: 2 })
        .where(eq(applications.id, tenant.applicationId));
      // The subscription row wins over the application's columns: set it there.
      await t.database.db
        .update(billingSubscriptions)
        .set({ dueInvoiceCount: 2, dueSince: new Date(Date.now() - 40 * DAY) })
        .where(eq(billingSubscriptions.applicationId, tenant.applicationId));
      expect((await get(tenant, BILLING_PATHS.state)).json().data.state).toBe('suspended');
      await t.database.db
        .update(billingSubscriptions)
        .set({ autoCollection: 'off' })
        .where(eq(billingSubscriptions.applicationId, tenant.applicationId));
      expect((await get(tenant, BILLING_PATHS.state)).json().data.state).toBe('active');
    });

    it('limits seats when inviting, naming the limit; a downgrade below the seats in use says how many to remove', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'professional');
      const invite = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: TEAM_ADMIN_PATHS.invite,
          headers: tenant.admin,
          payload: { email: `seat${n}-${tenant.applicationId}@example.com`, roleType: ROLE_TYPE.AGENT },
        });
      expect((await invite(1)).statusCode).toBe(200);
      expect((await invite(2)).statusCode).toBe(200);
      const third = await invite(3);
      expect(third.statusCode).toBe(402);
      expect(third.json()).toMatchObject({ code: 'SEAT_LIMIT_REACHED', details: { limit: 3, used: 3 } });
      expect(third.json().message).toContain('Your plan allows 3 team members');

      await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
      await expect(plan(tenant, 'starter')).rejects.toThrow(
        '2 members hold a seat and the starter plan allows 1: remove 1 first',
      );
    });

    it("previews a plan change from the server's prices; a downgrade below the seats in use names how many to remove", async () => {
      const tenant = await newTenant(t);
      const preview = (query: string) => get(tenant, `${BILLING_PATHS.changePreview}?${query}`);
      // From the trial: the whole first period of the new plan, nothing credited.
      const first = await preview('plan=professional&period=month');
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        currency: 'usd',
        currentPrice: 0,
        newPrice: 20_000,
        amountDue: 20_000,
      });

      // Paid through 10 days from now on starter monthly: upgrading costs 10 days of the difference.
      await plan(tenant, 'starter', { until: new Date(Date.now() + 10 * DAY - 60_000) });
      const up = (await preview('plan=professional&period=month')).json().data;
      expect(up).toMatchObject({
        currentPrice: 4_000,
        newPrice: 20_000,
        remainingDays: 10,
        periodRestarts: false,
      });
      expect(up.amountDue).toBe(Math.round((16_000 * 10) / up.periodDays));

      await plan(tenant, 'professional');
      await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
      const down = await preview('plan=starter&period=month');
      expect(down.statusCode).toBe(400);
      expect(down.json()).toMatchObject({
        code: 'SEATS_IN_USE',
        message: '2 members hold a seat and the starter plan allows 1: remove 1 first',
      });
      // Custom-priced and unknown plans have no preview; a price in the query is not even read.
      expect((await preview('plan=enterprise&period=month')).json().code).toBe('PLAN_NOT_SOLD');
      expect((await preview('plan=nope&period=month')).statusCode).toBe(400);
      const priced = (await preview('plan=professional&period=year&price=1')).json().data;
      expect(priced.newPrice).toBe(200_000);
    });

    it('limits AI agents on creation, naming the limit', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'starter');
      const create = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: BOT_PATHS.bots,
          headers: tenant.admin,
          payload: { name, engine: 'kompose' },
        });
      expect((await create('First')).statusCode).toBe(200);
      const second = await create('Second');
      expect(second.statusCode).toBe(402);
      expect(second.json()).toMatchObject({ code: 'AI_AGENT_LIMIT_REACHED', details: { limit: 1, used: 1 } });
    });

    it("counts only the application's own AI agents against its limit", async () => {
      const busy = await newTenant(t);
      const tenant = await newTenant(t);
      await plan(busy, 'professional');
      await plan(tenant, 'starter');
      const create = (of: Tenant, name: string) =>
        t.app.inject({
          method: 'POST',
          url: BOT_PATHS.bots,
          headers: of.admin,
          payload: { name, engine: 'kompose' },
        });
      // Another application's two bots take none of this one's single AI agent.
      for (const name of ['Theirs 1', 'Theirs 2']) expect((await create(busy, name)).statusCode).toBe(200);
      const overview = async (of: Tenant) => (await get(of, BILLING_PATHS.overview)).json().data;
      expect((await overview(tenant)).aiAgents).toEqual({ used: 0, limit: 1 });
      const mine = await create(tenant, 'Mine');
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await overview(tenant)).aiAgents).toEqual({ used: 1, limit: 1 });
      expect((await overview(busy)).aiAgents).toEqual({ used: 2, limit: 2 });
      expect((await create(tenant, 'Second')).json()).toMatchObject({
        code: 'AI_AGENT_LIMIT_REACHED',
        details: { limit: 1, used: 1 },
      });
    });

    it('meters messages and monthly active users incrementally, shown against the allowance', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'starter');
      const a = await newVisitorConversation(t, tenant);
      const b = await newVisitorConversation(t, tenant);
      for (const key of ['a1', 'a2', 'a3']) await sendTestMessage(t, a.visitor.headers, a.groupId, key);
      // A retried send (same key) is one message.
      await sendTestMessage(t, a.visitor.headers, a.groupId, 'a3');
      await sendTestMessage(t, b.visitor.headers, b.groupId, 'b1');
      await sendTestMessage(t, tenant.admin, b.groupId, 'reply');
      const overview = (await get(tenant, BILLING_PATHS.overview)).json().data;
      expect(overview.usage).toMatchObject({ metric: 'channelCount', allowance: 250 });
      expect(overview.usage.mtu).toBe(2);
      expect(overview.usage.messages).toBeGreaterThanOrEqual(5);
      const before = overview.usage.messages;
      await sendTestMessage(t, a.visitor.headers, a.groupId, 'a4');
      const after = (await get(tenant, BILLING_PATHS.overview)).json().data.usage;
      expect(after).toMatchObject({ messages: before + 1, mtu: 2 });
    });

    it('shows the plan’s overage add-on and the usage beyond the allowance; the manual provider sells it by hand', async () => {
      const tenant = await newTenant(t);
      await plan(tenant, 'starter');
      await addUsage(t.database.db, [
        { applicationId: tenant.applicationId, period: usagePeriod(new Date()), messages: 330, mtu: 0 },
      ]);
      const overview = (await get(tenant, BILLING_PATHS.overview)).json().data;
      expect(overview.usage).toMatchObject({
        messages: 330,
        allowance: 250,
        extra: 0,
        over: 80,
        packsToCover: 1,
      });
      expect(overview.addon).toMatchObject({
        id: 'messages-overage-monthly',
        unitsPerPack: 100,
        pricePerPack: 15,
        packs: 0,
        purchasable: false,
      });
      const buy = await t.app.inject({
        method: 'POST',
        url: BILLING_PATHS.addons,
        headers: tenant.admin,
        payload: { packs: 1 },
      });
      expect(buy.statusCode).toBe(400);
      expect(buy.json()).toMatchObject({
        code: 'ADDON_NOT_SOLD',
        message: 'Overage add-ons are not sold online here: get in touch.',
      });
      // The custom-priced plan has none.
      await plan(tenant, 'enterprise');
      expect((await get(tenant, BILLING_PATHS.overview)).json().data.addon).toBeNull();
    });

    it('hides billing from non-admins when hideBillingFromNonAdmin is on', async () => {
      const tenant = await newTenant(t);
      const admin = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.ADMIN);
      expect(
        (await t.app.inject({ method: 'GET', url: BILLING_PATHS.overview, headers: admin.headers }))
          .statusCode,
      ).toBe(200);
      await t.database.db
        .update(appSettings)
        .set({ companySetting: { hideBillingFromNonAdmin: true } })
        .where(eq(appSettings.applicationId, tenant.applicationId));
      expect(
        (await t.app.inject({ method: 'GET', url: BILLING_PATHS.overview, headers: admin.headers }))
          .statusCode,
      ).toBe(403);
      expect((await get(tenant, BILLING_PATHS.overview)).statusCode).toBe(200);
    });
  });
});
