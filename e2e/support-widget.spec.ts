import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_PORT } from './support/e2e-server';
import { ownServerUrl, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// The vendor's support widget inside the dashboard (SPEC §6, §7): a server of its own on
// E2E_PORT + 20 with SUPPORT_APP_ID set to the demo application. It starts once to build the demo
// (whose id is generated), then again with SUPPORT_APP_ID. A newly signed-up owner sees the
// launcher, writes, and the message arrives in the demo application; /signup shows no launcher.

const port = E2E_PORT + 20;
const baseURL = ownServerUrl(port);
let dataDir = '';
let server: ChildProcess | undefined;
let demoAppId = '';

const startServer = (env: Record<string, string>) => startOwnServer({ port, dataDir, env });

async function ownerLogin(): Promise<{ token: string; applicationId: string }> {
  const res = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'owner@demo.convo.local', password: 'Demo1234' }),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { data: { token: string; applicationId: string } }).data;
}

test.describe.configure({ mode: 'serial', timeout: 600_000 });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'convo-e2e-support-'));
  server = await startServer({});
  demoAppId = (await ownerLogin()).applicationId;
  await stopOwnServer(server);
  server = await startServer({ SUPPORT_APP_ID: demoAppId });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a signed-in owner talks to the support application; none on /signup or after logout', async ({
  page,
}) => {
  const config = await (await fetch(`${baseURL}/api/config`)).json();
  expect(config.supportAppId).toBe(demoAppId);

  const email = `support-${Date.now().toString(36)}@example.com`;
  const signup = await fetch(`${baseURL}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Sam Support', password: 'Support123', companyName: 'Support Co' }),
  });
  expect(signup.ok, await signup.text()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseURL}/signup`);
  await expect(page.getByRole('button', { name: /sign up|create/i }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe[title="Chat"]')).toHaveCount(0);

  await page.goto(`${baseURL}/loginv2`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Support123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/loginv2/);

  const chat = page.frameLocator('iframe[title="Chat"]');
  await chat.getByRole('button', { name: 'Open chat' }).click();
  const text = `Help with my setup ${Date.now().toString(36)}`;
  await chat.getByRole('textbox', { name: 'Type a message…' }).fill(text);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(text)).toBeVisible();

  // The message is in the demo (support) application, from the dashboard user.
  const owner = await ownerLogin();
  const headers = { 'X-Authorization': owner.token, 'Application-Key': owner.applicationId };
  type Feed = { id: number; membersId: string[]; metadata: Record<string, unknown> };
  let feed: Feed | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${baseURL}/rest/ws/group/v2/list?pageSize=50`, { headers });
      const body = (await res.json()) as { response: { groupFeeds: Feed[] } };
      feed = body.response.groupFeeds.find((f) => f.membersId.includes(email));
      return feed?.metadata.welcomeEvent;
    })
    .toBe('Dashboard-welcome');
  expect(feed?.metadata).toMatchObject({ Role: '', Industry: '' });
  const list = await fetch(`${baseURL}/rest/ws/message/list?groupId=${feed?.id}&pageSize=50`, { headers });
  expect(await list.text()).toContain(text);

  // Logging out of the dashboard logs the support widget out and takes the launcher away.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe[title="Chat"]')).toHaveCount(0);
});
