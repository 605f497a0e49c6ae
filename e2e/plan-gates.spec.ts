import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORT, E2E_ROOT } from './support/e2e-server';
import { ownServerUrl, runConvo, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Issue 32 item 4: a feature the plan does not open shows the upgrade prompt where it is used, on
// a server of its own with the manual billing provider (E2E_PORT + 31): a starter workspace opens
// Telegram's page and gets the prompt instead of the connect form (channelIntegrations, level 2).

const PORT = E2E_PORT + 31;
const BASE = ownServerUrl(PORT);
const DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-plan-gates-${PORT}`);
const ENV = { NODE_ENV: 'production', SEED_DEMO: 'false', BILLING_PROVIDER: 'manual' };
const EMAIL = 'owner@plan-gates-e2e.test';
const PASSWORD = 'Plan-Gates-Pass-2026';

async function convo(...args: string[]): Promise<string> {
  const { code, out, err } = await runConvo(args, { dataDir: DATA_DIR, env: ENV });
  if (code !== 0) throw new Error(`convo ${args[0]} failed (${code}): ${err}`);
  return out;
}

let server: ChildProcess | null = null;
test.afterAll(async () => {
  if (server) await stopOwnServer(server);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a starter plan sees the upgrade prompt instead of a channel’s connect form', async ({ page }) => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  const created = await convo(
    'create-admin',
    '--email',
    EMAIL,
    '--password',
    PASSWORD,
    '--company',
    'Gate Co',
  );
  const applicationId = /\(application (\w+)\)/.exec(created)?.[1] ?? '';
  expect(applicationId).not.toBe('');
  expect(await convo('set-plan', applicationId, 'starter')).toContain('plan starter');
  server = await startOwnServer({ port: PORT, dataDir: DATA_DIR, env: ENV });

  await page.goto(`${BASE}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/loginv2/);

  await page.goto(`${BASE}/integration-details?type=telegram`);
  const prompt = page.getByTestId('upgrade-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAttribute('data-feature', 'channelIntegrations');
  await expect(prompt).toContainText('Not part of your plan');
  await expect(prompt.getByRole('link', { name: 'See plans' })).toBeVisible();
});
