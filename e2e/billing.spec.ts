import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ROOT } from './support/e2e-server';

// Billing with the manual provider (issue 19), on a server of its own (BILLING_PROVIDER=manual,
// port 3214, no demo data): the operator's set-plan command ends a workspace's trial, its owner is
// sent to /trial-expired under the Subscription Required modal; the operator sets a paid plan and
// the owner gets the inbox back. The embedded database has one user at a time, so the server is
// stopped while the command runs.

const PORT = 3214;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-billing-${PORT}`);
const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR,
  PORT: String(PORT),
  PUBLIC_URL: BASE,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  BILLING_PROVIDER: 'manual',
  DATABASE_URL: '',
  SMTP_URL: '',
};
const NODE_ARGS = JSON.parse(
  readFileSync(path.join(E2E_ROOT, 'apps/server/node-args.json'), 'utf8'),
) as string[];
const EMAIL = 'owner@billing-e2e.test';
const PASSWORD = 'Billing-Pass-2026';

const run = promisify(execFile);

async function convo(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(E2E_ROOT, 'apps/server/dist/convo.js'), ...args],
    {
      env: ENV,
      cwd: E2E_ROOT,
    },
  );
  return stdout;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, path.join(E2E_ROOT, 'apps/server/dist/main.js')], {
    env: ENV,
    cwd: E2E_ROOT,
    stdio: 'inherit',
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`the billing server did not start on ${PORT}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function logIn(page: Page) {
  await page.goto(`${BASE}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopServer(server);
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
    await stopServer(server!);
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
