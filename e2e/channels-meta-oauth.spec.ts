import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeMeta, messengerDelivery, startFakeMeta } from '@convo/provider-fakes';
import { E2E_PORT } from './support/e2e-server';
import { chooseView, conversationRow, logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { ownServerUrl, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// Facebook Messenger connected through Facebook Login, end to end: the admin clicks "Connect with
// Facebook" in the hub, passes through Meta's dialog (the local Meta fake on E2E_PORT + 1401,
// which approves at once and redirects back with a code), picks one of the pages the server read
// with the code, sees it connected, and a Messenger message Meta posts to the app's webhook
// arrives in the inbox. A server of its own on E2E_PORT + 1400 (it needs a Meta app's settings).

const port = E2E_PORT + 1400;
const fakePort = E2E_PORT + 1401;
const baseURL = ownServerUrl(port);
const APP_ID = '424242424242424';
const APP_SECRET = randomBytes(16).toString('hex');
const SHOP = {
  id: '101000000000001',
  name: 'Acme Shop',
  accessToken: `EAAShop${randomBytes(16).toString('hex')}`,
};
const BLOG = {
  id: '101000000000002',
  name: 'Acme Blog',
  accessToken: `EAABlog${randomBytes(16).toString('hex')}`,
};
const PSID = `2400${String(Date.now()).slice(-12)}`;

let dataDir = '';
let server: ChildProcess | undefined;
let fake: FakeMeta | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  fake = await startFakeMeta({ port: fakePort });
  fake.setApp(APP_ID, APP_SECRET);
  fake.setLoginPages([SHOP, BLOG]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'convo-e2e-meta-'));
  server = await startOwnServer({
    port,
    dataDir,
    env: {
      SEED_DEMO: 'true',
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: 'e2e-verify-token',
      META_DIALOG_URL: fake.url,
      META_GRAPH_API_URL: fake.url,
    },
  });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the admin connects a Facebook page through Facebook Login and its Messenger message reaches the inbox', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await logIn(browser, 'owner@demo.convo.local', baseURL);

  await test.step('Connect with Facebook from the hub, through Meta’s dialog, back to the page list', async () => {
    await page.goto('/integrations');
    await page
      .getByTestId('integration-card-facebook')
      .getByRole('link', { name: 'Set up Facebook Messenger' })
      .click();
    await expect(page).toHaveURL(/\/integration-details\?type=facebook/);
    // The pasted token is still there, folded away as the advanced way.
    await expect(page.getByTestId('meta-advanced')).toBeVisible();
    await page.getByTestId('facebook-oauth-connect').click();
    await expect(page).toHaveURL(/\/integration-details\?type=facebook&pending=/);
    const accounts = page.getByTestId('meta-account');
    await expect(accounts).toHaveCount(2);
    await expect(accounts.nth(0)).toContainText('Acme Shop');
    await expect(accounts.nth(1)).toContainText('Acme Blog');
    // At phone width the list fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(accounts.nth(1)).toBeInViewport({ ratio: 1 });
    await expectFitsViewport(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The pages' tokens never reached the browser.
    const html = await page.content();
    expect(html).not.toContain(SHOP.accessToken);
    expect(html).not.toContain(BLOG.accessToken);
  });

  await test.step('the admin picks a page; it is connected and subscribed', async () => {
    await expect(page.getByTestId('meta-pick-connect')).toBeDisabled();
    await page.getByRole('radio', { name: 'Acme Shop' }).click();
    await page.getByTestId('meta-pick-connect').click();
    await expect(page.getByText('Acme Shop connected.')).toBeVisible();
    await expect(page.getByTestId('meta-account-picker')).toHaveCount(0);
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    await expect(page.getByTestId('integration-account')).toContainText('Acme Shop');
    expect(
      fake!.calls.some(
        (c) => c.method === 'POST' && c.path === `${SHOP.id}/subscribed_apps` && c.token === SHOP.accessToken,
      ),
    ).toBe(true);
  });

  await test.step('a Messenger message Meta posts to the app’s webhook arrives in the inbox', async () => {
    const delivery = messengerDelivery('page', SHOP.id, [
      {
        sender: { id: PSID },
        recipient: { id: SHOP.id },
        timestamp: Date.now(),
        message: { mid: `m_e2e_${randomBytes(6).toString('hex')}`, text: 'Is the blue mug back in stock?' },
      },
    ]);
    const posted = await fake!.postWebhook(`${baseURL}/api/channels/meta/webhook`, APP_SECRET, delivery);
    expect(posted.status).toBe(200);
    expect(JSON.parse(posted.body)).toEqual({ ok: true, stored: 1 });
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await conversationRow(page, `Messenger user ${PSID.slice(-6)}`)
      .getByRole('button')
      .click();
    await expect(page.getByTestId('message').getByText('Is the blue mug back in stock?')).toBeVisible();
  });
});
