import { BILLING_PATHS, WEBHOOK_PATHS } from '@convo/api';
import { type FakeStripe, startFakeStripe } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant } from '../../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../../testing/test-database.js';
import { useTestApp } from '../../../../testing/use-test-app.js';

// The Stripe flow against the local Stripe server (packages/provider-fakes/src/stripe): checkout,
// webhooks verified by signature and applied once, two failed payments suspend, a payment restores.

const SECRET_KEY = 'sk_test_convo_billing';
const WEBHOOK_SECRET = 'whsec_convo_billing';
const PRICES = {
  'professional:month': 'price_pro_month',
  'starter:month': 'price_starter_month',
  'messages-overage-monthly': 'price_messages_overage_month',
};

describe.each(testDatabaseKinds())('Stripe billing on %s', (kind) => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  });
  afterAll(async () => fake.close());
  const { t } = useTestApp(kind, {
    env: () => ({
      BILLING_PROVIDER: 'stripe',
      BILLING_CACHE_MS: '1',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICES: JSON.stringify(PRICES),
    }),
  });

  const webhook = (delivery: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.stripeWebhook,
      headers: delivery.headers,
      payload: delivery.payload,
    });

  it('checkout → plan active; replay applied once; bad signature changes nothing; two failed payments suspend; payment restores', async () => {
    const tenant = await newTenant(t);
    const state = async () =>
      (await t.app.inject({ method: 'GET', url: BILLING_PATHS.state, headers: tenant.admin })).json().data;

    const checkout = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.checkout,
      headers: tenant.admin,
      payload: { plan: 'professional', period: 'month', seats: 3 },
    });
    expect(checkout.statusCode).toBe(200);
    const url = checkout.json().data.url as string;
    expect(url.startsWith(`${fake.url}/checkout/cs_test_`)).toBe(true);
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    // The price is the server's, by plan and period; the browser sent none.
    expect(call.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_month',
      'line_items[0][quantity]': '3',
      'metadata[applicationId]': tenant.applicationId,
    });

    const sessionId = url.split('/').pop()!;
    const completed = fake.event('checkout.session.completed', fake.completeCheckout(sessionId));
    const forged = fake.event('checkout.session.completed', fake.sessions.get(sessionId)!, {
      secret: 'whsec_wrong',
    });
    const bad = await webhook(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_SIGNATURE');
    expect(await state()).toMatchObject({ state: 'trial', plan: 'trial' });

    expect((await webhook(completed)).json()).toEqual({ received: true, outcome: 'applied' });
    expect(await state()).toMatchObject({ state: 'active', plan: 'professional' });
    expect(
      (await t.app.inject({ method: 'GET', url: WEBHOOK_PATHS.list, headers: tenant.admin })).statusCode,
    ).toBe(200);
    expect((await webhook(completed)).json()).toEqual({ received: true, outcome: 'duplicate' });

    const subscriptionId = fake.sessions.get(sessionId)!.subscription as string;
    const failed1 = fake.event('invoice.payment_failed', fake.addInvoice(subscriptionId, 'open', 60_000));
    expect((await webhook(failed1)).json().outcome).toBe('applied');
    expect((await state()).state).toBe('active');
    // A replay of the same failure does not count twice.
    expect((await webhook(failed1)).json().outcome).toBe('duplicate');
    expect((await state()).state).toBe('active');
    const failed2 = fake.event('invoice.payment_failed', fake.addInvoice(subscriptionId, 'open', 60_000));
    await webhook(failed2);
    expect((await state()).state).toBe('suspended');

    await webhook(fake.event('invoice.paid', fake.addInvoice(subscriptionId, 'paid', 120_000)));
    expect((await state()).state).toBe('active');

    const overview = (
      await t.app.inject({ method: 'GET', url: BILLING_PATHS.overview, headers: tenant.admin })
    ).json().data;
    expect(overview).toMatchObject({
      provider: 'stripe',
      plan: 'professional',
      seats: { bought: 3, limit: 3 },
    });
    expect(overview.invoices).toHaveLength(3);
    expect(overview.invoices[0]).toMatchObject({ status: 'paid', amount: 120_000, currency: 'usd' });
  });

  it("customer portal for a subscriber only; a portal plan change applied once from the server's prices", async () => {
    const tenant = await newTenant(t);
    const portal = () => t.app.inject({ method: 'POST', url: BILLING_PATHS.portal, headers: tenant.admin });
    const before = await portal();
    expect(before.statusCode).toBe(400);
    expect(before.json().code).toBe('NO_SUBSCRIPTION');

    const checkout = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.checkout,
      headers: tenant.admin,
      payload: { plan: 'starter', period: 'month', seats: 1 },
    });
    const sessionId = (checkout.json().data.url as string).split('/').pop()!;
    await webhook(fake.event('checkout.session.completed', fake.completeCheckout(sessionId)));
    const session = fake.sessions.get(sessionId)!;

    const again = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.checkout,
      headers: tenant.admin,
      payload: { plan: 'professional', period: 'month', seats: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SUBSCRIBED');

    const opened = await portal();
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { customer: session.customer, return_url: expect.stringContaining('/settings/billing') },
    });

    const state = async () =>
      (await t.app.inject({ method: 'GET', url: BILLING_PATHS.overview, headers: tenant.admin })).json().data;
    const changed = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(session.subscription as string, { price: 'price_pro_month', quantity: 3 }),
    );
    expect((await webhook(changed)).json().outcome).toBe('applied');
    expect(await state()).toMatchObject({
      plan: 'professional',
      billingPeriodUnit: 'month',
      seats: { bought: 3 },
    });
    // Replayed after a later change: applied once, the later change stands.
    const later = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(session.subscription as string, { price: 'price_starter_month', quantity: 1 }),
    );
    await webhook(later);
    expect((await webhook(changed)).json().outcome).toBe('duplicate');
    expect(await state()).toMatchObject({ plan: 'starter', seats: { bought: 1 } });
    // An unknown subscription changes nothing.
    const stranger = fake.event('customer.subscription.updated', {
      id: 'sub_unknown',
      customer: 'cus_unknown',
      items: { data: [{ price: { id: 'price_pro_month' }, quantity: 9 }] },
    });
    expect((await webhook(stranger)).json().outcome).toBe('ignored');
  });

  it('overage add-on: packs bought as an item of the subscription at the server’s price, changed, kept by portal changes, removed', async () => {
    const tenant = await newTenant(t);
    const overview = async () =>
      (await t.app.inject({ method: 'GET', url: BILLING_PATHS.overview, headers: tenant.admin })).json().data;
    const buy = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: BILLING_PATHS.addons, headers: tenant.admin, payload });

    // On the trial there is no add-on to buy.
    expect((await overview()).addon).toBeNull();
    const early = await buy({ packs: 1 });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('ADDON_NOT_SOLD');

    const checkout = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.checkout,
      headers: tenant.admin,
      payload: { plan: 'starter', period: 'month', seats: 1 },
    });
    // The add-on's price is not a plan on offer.
    expect(checkout.statusCode).toBe(200);
    const sessionId = (checkout.json().data.url as string).split('/').pop()!;
    await webhook(fake.event('checkout.session.completed', fake.completeCheckout(sessionId)));
    const subscriptionId = fake.sessions.get(sessionId)!.subscription as string;
    const before = await overview();
    expect(before.offers).toEqual([
      { plan: 'professional', period: 'month' },
      { plan: 'starter', period: 'month' },
    ]);
    expect(before.addon).toEqual({
      id: 'messages-overage-monthly',
      metric: 'messages',
      period: 'month',
      unitsPerPack: 100,
      pricePerPack: 15,
      packs: 0,
      maxPacks: 100,
      purchasable: true,
    });
    expect(before.usage).toMatchObject({ allowance: 250, extra: 0, over: 0 });

    // A price in the body is not read: the item's price is the server's.
    const bought = await buy({ packs: 2, pricePerPack: 0.01, price: 'price_cheap' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data).toEqual({ packs: 2 });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscription_items',
      form: {
        subscription: subscriptionId,
        price: 'price_messages_overage_month',
        quantity: '2',
        proration_behavior: 'create_prorations',
      },
    });
    expect(await overview()).toMatchObject({ addon: { packs: 2 }, usage: { allowance: 250, extra: 200 } });

    expect((await buy({ packs: 1 })).statusCode).toBe(200);
    const itemCall = fake.calls.at(-1)!;
    expect(itemCall).toMatchObject({ method: 'POST', form: { quantity: '1' } });
    expect(itemCall.path).toMatch(/^\/v1\/subscription_items\/si_/);
    const items = () =>
      (
        fake.subscriptions.get(subscriptionId)!.items as {
          data: { price: { id: string }; quantity: number }[];
        }
      ).data;
    expect(items().map((i) => [i.price.id, i.quantity])).toEqual([
      ['price_starter_month', 1],
      ['price_messages_overage_month', 1],
    ]);

    // Stripe's subscription-updated event says the same: plan, seats and packs stand.
    const updated = fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!);
    expect((await webhook(updated)).json().outcome).toBe('applied');
    expect(await overview()).toMatchObject({ plan: 'starter', seats: { bought: 1 }, addon: { packs: 1 } });
    // A portal plan change keeps the add-on item; the professional plan's pack is cheaper.
    const upgraded = fake.event(
      'customer.subscription.updated',
      fake.updateSubscription(subscriptionId, { price: 'price_pro_month', quantity: 2 }),
    );
    await webhook(upgraded);
    expect(await overview()).toMatchObject({
      plan: 'professional',
      seats: { bought: 2 },
      addon: { packs: 1, pricePerPack: 10 },
      usage: { allowance: 2000, extra: 100 },
    });

    expect((await buy({ packs: 0 })).statusCode).toBe(200);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(items().map((i) => i.price.id)).toEqual(['price_pro_month']);
    expect((await overview()).addon).toMatchObject({ packs: 0 });
    // An event without the add-on item (Stripe's view after the removal) leaves no packs.
    await webhook(fake.event('customer.subscription.updated', fake.subscriptions.get(subscriptionId)!));
    expect((await overview()).addon).toMatchObject({ packs: 0 });

    for (const payload of [{ packs: -1 }, { packs: 101 }, { packs: 1.5 }, { packs: 'two' }, {}]) {
      const refused = await buy(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('INVALID_PARAMETER');
    }
  });

  it('refuses a plan the server does not sell and a webhook without signature', async () => {
    const tenant = await newTenant(t);
    const res = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.checkout,
      headers: tenant.admin,
      payload: { plan: 'enterprise', period: 'year', seats: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PLAN_NOT_SOLD');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.stripeWebhook,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{}}}',
    });
    expect(unsigned.statusCode).toBe(400);
  });
});
