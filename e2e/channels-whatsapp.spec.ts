import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeDialog360, startFakeDialog360, whatsAppDelivery } from '@convo/provider-fakes';
import pg from 'pg';
import { E2E_PORT } from './support/e2e-server';
import { chooseView, conversationRow, logIn } from './support/inbox';
import { ownServerUrl, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// WhatsApp's 24-hour window end to end, through 360dialog (a local 360dialog server on
// E2E_PORT + 31): an admin connects the number with its API key in the hub; a customer writes;
// a day later (the conversation's last customer message moved back in the database) the agent's
// reply box shows the closed-window notice and a template picker instead of free text; the
// template goes out and 360dialog receives it as a template message. A server of its own on
// E2E_PORT + 30, on a new PostgreSQL database, so the spec can move the clock of one conversation.

const port = E2E_PORT + 30;
const fakePort = E2E_PORT + 31;
const baseURL = ownServerUrl(port);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `convo_e2e_wa_${randomBytes(5).toString('hex')}`;
const targetUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const API_KEY = `D360e2eKey${randomBytes(8).toString('hex')}`;
const CUSTOMER_NUMBER = `1555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
const CUSTOMER = `Wanda ${randomBytes(3).toString('hex')}`;

let dataDir = '';
let server: ChildProcess | undefined;
let fake: FakeDialog360 | undefined;
let unreachable = '';
let created = false;

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Migrating and seeding a new database: minutes on a loaded two-core machine.
  test.setTimeout(600_000);
  try {
    await sql(adminUrl, 'select 1');
  } catch (err) {
    unreachable = `PostgreSQL is unreachable at ${new URL(adminUrl).host} (${err instanceof Error ? err.message : String(err)})`;
    return;
  }
  await sql(adminUrl, `create database ${dbName}`);
  created = true;
  fake = await startFakeDialog360({ port: fakePort });
  fake.addKey(API_KEY);
  fake.addTemplate(API_KEY, {
    name: 'order_update',
    language: 'en',
    status: 'approved',
    category: 'UTILITY',
    body: 'Hi {{1}}, your order {{2}} has shipped.',
    header: { format: 'TEXT', text: 'Order {{1}}' },
    buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' }],
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'convo-e2e-wa-'));
  server = await startOwnServer({
    port,
    dataDir,
    env: { DATABASE_URL: targetUrl, SEED_DEMO: 'true', DIALOG360_API_URL: fake.url },
  });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (created) await sql(adminUrl, `drop database if exists ${dbName} with (force)`);
});

test('after the 24-hour window the agent sends a WhatsApp template from the inbox', async ({ browser }) => {
  test.skip(unreachable !== '', unreachable);
  test.setTimeout(180_000);
  const page = await logIn(browser, 'owner@demo.convo.local', baseURL);

  await test.step('the admin connects WhatsApp through 360dialog with the API key', async () => {
    await page.goto('/integration-details?type=whatsapp-dialog360');
    const key = page.getByTestId('credentials-d360ApiKey');
    await key.fill('short');
    await page.getByTestId('whatsapp-dialog360-connect').click();
    await expect(page.getByText('Paste the whole 360dialog API key.')).toBeVisible();
    await key.fill(API_KEY);
    await page.getByTestId('whatsapp-dialog360-connect').click();
    await expect(page.getByTestId('integration-status')).toHaveText('Connected');
    expect(fake!.webhookOf(API_KEY)?.url).toMatch(/\/api\/channels\/whatsapp-dialog360\/[^/]+\/webhook$/);
  });

  await test.step('a customer writes; a day later the conversation is past its window', async () => {
    const delivery = whatsAppDelivery('100000000000001', {
      contacts: [{ wa_id: CUSTOMER_NUMBER, profile: { name: CUSTOMER } }],
      messages: [
        {
          from: CUSTOMER_NUMBER,
          id: `wamid.e2e${randomBytes(6).toString('hex')}`,
          type: 'text',
          text: { body: 'Where is my order?' },
        },
      ],
    });
    expect((await fake!.postWebhook(API_KEY, delivery)).status).toBe(200);
    const moved = await sql(
      targetUrl,
      `update conversations set last_customer_message_at = now() - interval '25 hours'
       where client_group_id = $1 returning id`,
      [`whatsapp-dialog360:${CUSTOMER_NUMBER}`],
    );
    expect(moved).toHaveLength(1);
  });

  await test.step('the reply box shows the notice and sends an approved template', async () => {
    await page.goto('/conversations');
    await chooseView(page, 'All conversations');
    await conversationRow(page, CUSTOMER).getByRole('button').click();
    await expect(page.getByTestId('message').getByText('Where is my order?')).toBeVisible();
    const closed = page.getByTestId('service-window-closed');
    await expect(closed).toContainText('The 24-hour window is closed');
    await expect(page.getByTestId('composer')).toHaveCount(0);
    await page.getByTestId('template-picker').click();
    await page.getByRole('option', { name: 'order_update (en)' }).click();
    await page.getByTestId('template-parameter-1').fill('Wanda');
    await page.getByTestId('template-parameter-2').fill('A-42');
    const send = closed.getByRole('button', { name: 'Send template' });
    // The header's {{1}} and the URL button's link end are asked for too; Send waits for them.
    await expect(send).toBeDisabled();
    await page.getByTestId('template-header').fill('A-42');
    await page.getByTestId('template-button-1').fill('A-42');
    await expect(page.getByTestId('template-preview')).toHaveText(
      'Order A-42\n\nHi Wanda, your order A-42 has shipped.\n\n[Track] https://shop.example/track/A-42',
    );
    await send.click();
    await expect(
      page.getByTestId('message').filter({ hasText: 'Hi Wanda, your order A-42 has shipped.' }),
    ).toBeVisible();
    await expect
      .poll(() => fake!.sent().map((c) => [c.body.to, c.body.type]), { timeout: 20_000 })
      .toContainEqual([CUSTOMER_NUMBER, 'template']);
    const sent = fake!.sent().find((c) => c.body.to === CUSTOMER_NUMBER && c.body.type === 'template');
    expect((sent?.body.template as { components?: unknown[] } | undefined)?.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'A-42' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Wanda' },
          { type: 'text', text: 'A-42' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'A-42' }] },
    ]);
  });
});
