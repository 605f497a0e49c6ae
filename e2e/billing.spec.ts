import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, E2E_ROOT } from './support/e2e-server';
import { ownServerUrl, runConvo, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, type Page, test } from './support/test';

// Billing with the manual provider (issue 19), on a server of its own (BILLING_PROVIDER=manual,
// E2E_PORT + 30, no demo data): the operator's set-plan command ends a workspace's trial, its owner is
// sent to /trial-expired under the Subscription Required modal; the operator sets a paid plan and
// the owner gets the inbox back. The embedded database has one user at a time, so the server is
// stopped while the command runs. Then SPEC §8's frequent-signups block: the fourth sign-up of one
// company domain gets its modal.

const PORT = E2E_PORT + 30;
const BASE = ownServerUrl(PORT);
const DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-billing-${PORT}`);
const ENV = { NODE_ENV: 'production', SEED_DEMO: 'false', BILLING_PROVIDER: 'manual' };
const EMAIL = 'owner@billing-e2e.test';
const PASSWORD = 'Billing-Pass-2026';

async function convo(...args: string[]): Promise<string> {
  const { code, out, err } = await runConvo(args, { dataDir: DATA_DIR, env: ENV });
  if (code !== 0) throw new Error(`convo ${args[0]} failed (${code}): ${err}`);
  return out;
}

const startServer = () => startOwnServer({ port: PORT, dataDir: DATA_DIR, env: ENV });

async function logIn(page: Page) {
  await page.goto(`${BASE}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopOwnServer(server);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a trial past its end is sent to /trial-expired; a plan brings the inbox back', async ({ page }) => {
  test.setTimeout(240_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  let applicationId = '';

  await test.step('the operator makes a workspace and ends its trial with set-plan', async () => {
    const created = await convo(
      'create-admin',
      '--email',
      EMAIL,
      '--password',
      PASSWORD,
      '--company',
      'Billing Co',
    );
    applicationId = /\(application (\w+)\)/.exec(created)?.[1] ?? '';
    expect(applicationId).not.toBe('');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    expect(await convo('set-plan', applicationId, 'trial', '--until', yesterday)).toContain('plan trial');
  });

  await test.step('signing in lands on /trial-expired under a modal that cannot be closed', async () => {
    server = await startServer();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page);
    await expect(page).toHaveURL(/\/trial-expired$/);
    const modal = page.getByRole('dialog', { name: 'Subscription required' });
    await expect(modal.getByText('Your free trial of', { exact: false })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', /^mailto:/);
    // Any other screen sends back here.
    await page.goto(`${BASE}/conversations`);
    await expect(page).toHaveURL(/\/trial-expired$/);
  });

  await test.step('Purchase plan opens billing, which tells how the plan is bought', async () => {
    await page
      .getByRole('dialog', { name: 'Subscription required' })
      .getByRole('button', { name: 'Purchase plan' })
      .click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    const plan = page.getByTestId('current-plan');
    await expect(plan).toContainText('Trial');
    await expect(plan).toContainText('Trial ended');
    await expect(
      page.getByText('your plan is set by the operator of this service', { exact: false }),
    ).toBeVisible();
  });

  await test.step('the operator sets a paid plan; the owner gets the inbox back', async () => {
    await stopOwnServer(server!);
    expect(await convo('set-plan', applicationId, 'professional', '--seats', '3')).toContain(
      'plan professional',
    );
    server = await startServer();
    await page.goto(`${BASE}/trial-expired`);
    await expect(page).not.toHaveURL(/\/trial-expired$/);
    await page.goto(`${BASE}/conversations`);
    await expect(page).toHaveURL(/\/conversations$/);
    await expect(page.getByTestId('conversation-search')).toBeVisible();
  });

  await test.step('billing shows the plan, seats and the usage bar, also at phone width', async () => {
    await page.goto(`${BASE}/settings/billing`);
    const plan = page.getByTestId('current-plan');
    await expect(plan).toContainText('Professional');
    await expect(plan).toContainText('Active');
    await expect(page.getByText('1 of 3', { exact: true })).toBeVisible();
    await expect(page.getByTestId('usage-bar')).toBeVisible();
    await expect(page.getByText('0 of 2000 included')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(plan).toBeVisible();
    await expect(page.getByText('0 of 2000 included')).toBeVisible();
  });
});

test('the sign-up after three of one company domain within a month gets the frequent-signups modal; billing stays open', async ({
  page,
}) => {
  test.setTimeout(240_000);
  server ??= await startServer();
  const domain = `frequent-${Date.now().toString(36)}.test`;
  const password = 'Frequent-Pass-2026';
  for (const name of ['ana', 'ben', 'cleo', 'dev']) {
    const res = await page.request.post(`${BASE}/api/signup`, {
      data: { email: `${name}@${domain}`, password, name, companyName: `${name} research` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${BASE}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`dev@${domain}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByRole('dialog', { name: "Let's talk about your account" });
  await expect(
    modal.getByText('Many accounts have been signed up from your email domain in a short time.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(modal.getByText('not meant for competitor research', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', /^mailto:/);

  // The way out: buying a plan, on the billing page the block leaves open.
  await modal.getByRole('button', { name: 'Purchase plan' }).click();
  await expect(page).toHaveURL(/\/settings\/billing$/);
  await expect(page.getByTestId('current-plan')).toContainText('Trial');
  await expect(modal).toHaveCount(0);
});
