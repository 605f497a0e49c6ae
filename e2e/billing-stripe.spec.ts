import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { type FakeStripe, startFakeStripe } from '@convo/provider-fakes';
import { E2E_PORT, E2E_ROOT } from './support/e2e-server';
import { ownServerUrl, runConvo, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Billing with Stripe (issue 19) against the local Stripe server, on a server of its own: a trial
// owner sees what a plan costs before paying (priced by the server), goes to Checkout, the signed
// checkout webhook makes the plan active, buys overage add-on packs, and Update card opens Stripe's
// customer portal.

// Its own server beside the suite's (which holds E2E_PORT), derived from E2E_PORT so runs never collide.
const PORT = E2E_PORT + 1200;
const BASE = ownServerUrl(PORT);
const DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-billing-stripe-${PORT}`);
const SECRET_KEY = 'sk_test_e2e_billing';
const WEBHOOK_SECRET = 'whsec_e2e_billing';
const EMAIL = 'owner@stripe-e2e.test';
const PASSWORD = 'Stripe-Pass-2026';

let fake: FakeStripe;
let server: ChildProcess | null = null;
let env: Record<string, string> = {};

test.beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  env = {
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICES: JSON.stringify({
      'professional:month': 'price_pro_month',
      'starter:month': 'price_starter_month',
      'messages-overage-monthly': 'price_messages_overage_month',
    }),
  };
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await fake?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

const startServer = () => startOwnServer({ port: PORT, dataDir: DATA_DIR, env });

test('a trial owner sees the price before paying, pays through Checkout, and manages the card in the portal', async ({
  page,
}) => {
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const created = await runConvo(
    ['create-admin', '--email', EMAIL, '--password', PASSWORD, '--company', 'Stripe Co'],
    { dataDir: DATA_DIR, env },
  );
  expect(created.out, created.err).toMatch(/\(application \w+\)/);
  server = await startServer();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${BASE}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/loginv2/);

  await test.step('the price of the chosen plan is shown before paying, from the server', async () => {
    await page.goto(`${BASE}/settings/billing`);
    await expect(page.getByText('Before you confirm')).toBeVisible();
    await expect(page.getByText('Due now: $200.00.')).toBeVisible();
    // No card to manage before a first purchase.
    await expect(page.getByRole('button', { name: 'Update card' })).toHaveCount(0);
  });

  await test.step('Checkout, then the signed webhook makes the plan active', async () => {
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkout/cs_test_`));
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const delivered = await fake.deliver(
      `${BASE}/api/billing/stripe/webhook`,
      'checkout.session.completed',
      fake.completeCheckout(sessionId),
    );
    expect(delivered.status).toBe(200);
  });

  await test.step('overage add-on: packs bought at the server’s price become an item of the subscription', async () => {
    await page.goto(`${BASE}/settings/billing`);
    const addon = page.getByTestId('overage-addon');
    await expect(addon).toContainText(
      'More allowance in packs of 100 messages a month, at $10 a month per pack.',
    );
    await expect(addon).toContainText('0 packs bought: 0 messages more this period.');
    await addon.getByRole('textbox', { name: 'Packs' }).fill('2');
    await addon.getByRole('button', { name: 'Update packs' }).click();
    await expect(page.getByText('2 packs on your subscription.')).toBeVisible();
    await expect(addon).toContainText('2 packs bought: 200 messages more this period.');
    await expect(page.getByText('0 of 2200 included')).toBeVisible();
    const item = fake.calls.find((c) => c.path === '/v1/subscription_items');
    expect(item?.form).toMatchObject({ price: 'price_messages_overage_month', quantity: '2' });
  });

  await test.step('Update card opens the customer portal; also usable at phone width', async () => {
    await page.goto(`${BASE}/settings/billing`);
    await expect(page.getByTestId('current-plan')).toContainText('Professional');
    // A subscriber confirms plan changes in the portal, not in a second Checkout.
    await expect(page.getByRole('button', { name: 'Change in the customer portal' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    const update = page.getByRole('button', { name: 'Update card' });
    await expect(update).toBeVisible();
    await update.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^${fake.url}/portal/bps_`));
    expect(fake.calls.some((c) => c.path === '/v1/billing_portal/sessions')).toBe(true);
  });
});
