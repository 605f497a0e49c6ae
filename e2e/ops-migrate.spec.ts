import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { E2E_PORT } from './support/e2e-server';
import { ownServerUrl, runConvo, startOwnServer, stopOwnServer } from './support/own-server';
import { expect, test } from './support/test';

// The move from the embedded database to PostgreSQL as an operator does it: the product started
// on PGlite builds the demo workspace, `migrate-to-postgres` (the built operator command) copies
// it into a new PostgreSQL database, and a server started on that database serves the demo owner,
// who signs in, opens a conversation of the demo and replies. The servers of this spec run on
// E2E_PORT + 10, beside the main config's webServer, which this spec does not use.

const port = E2E_PORT + 10;
const baseURL = ownServerUrl(port);
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `convo_e2e_ops_${randomBytes(5).toString('hex')}`;
const targetUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

let dataDir = '';
let server: ChildProcess | undefined;
let unreachable = '';
let created = false;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function countMessages(): Promise<number> {
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    const [row] = (await client.query<{ n: string }>('select count(*)::text as n from messages')).rows;
    return Number(row?.n);
  } finally {
    await client.end();
  }
}

const startServer = (env: Record<string, string>) =>
  startOwnServer({
    port,
    dataDir,
    env: { RATE_LIMIT_LOGIN_MAX: '1000', RATE_LIMIT_LOGIN_ADDRESS_MAX: '5000', ...env },
  });
const convo = (args: string[]) => runConvo(args, { dataDir });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Seeding on PGlite, the copy and a second start: several minutes on a loaded two-core machine.
  test.setTimeout(600_000);
  try {
    await admin((c) => c.query('select 1'));
  } catch (err) {
    unreachable = `PostgreSQL is unreachable at ${new URL(adminUrl).host} (${err instanceof Error ? err.message : String(err)}): the migration to PostgreSQL cannot be tried`;
    return;
  }
  await admin((c) => c.query(`create database ${dbName}`));
  created = true;
  dataDir = mkdtempSync(path.join(tmpdir(), 'convo-e2e-ops-'));

  // 1. The product on the embedded database builds the demo workspace, then stops.
  const embedded = await startServer({ DATABASE_URL: '', SEED_DEMO: 'true' });
  await stopOwnServer(embedded);

  // 2. The operator command copies it into the new PostgreSQL database.
  const migrated = await convo(['migrate-to-postgres', '--to', targetUrl]);
  expect(migrated.err).toBe('');
  expect(migrated.code).toBe(0);
  expect(migrated.out).toContain('every table has the same number of rows on both sides');
  expect(migrated.out).not.toContain('MISMATCH');

  // 3. The server on PostgreSQL, with the secret the embedded install generated (as the command says).
  server = await startServer({
    DATABASE_URL: targetUrl,
    SEED_DEMO: 'false',
    APP_SECRET: readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim(),
  });
});

test.afterAll(async () => {
  await stopOwnServer(server);
  if (created) await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('after migrate-to-postgres, the demo owner signs in on PostgreSQL, opens a conversation and replies', async ({
  browser,
}) => {
  test.skip(unreachable !== '', unreachable);
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    // The copied demo is in PostgreSQL (the server below reads it from there).
    const before = await countMessages();
    expect(before).toBeGreaterThan(0);

    await page.goto('/loginv2');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('owner@demo.convo.local');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/loginv2/);

    await page.goto('/conversations');
    await page.getByTestId('view-select').click();
    await page.getByRole('option', { name: 'All conversations', exact: true }).click();
    const first = page.getByTestId('conversation-row').first();
    await expect(first).toBeVisible();
    await first.getByRole('button').click();
    await expect(page).toHaveURL(/\/conversations\/\d+$/);
    // The copied history is there before the reply.
    await expect(page.getByTestId('message').first()).toBeVisible();

    const reply = `Served from PostgreSQL now ${randomBytes(3).toString('hex')}`;
    const composer = page.getByTestId('composer');
    await composer.fill(reply);
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: reply })).toBeVisible();
    await expect(composer).toHaveValue('');
    // Stored in PostgreSQL, and there after a reload.
    await page.reload();
    await expect(page.getByTestId('message').filter({ hasText: reply })).toBeVisible();
    expect(await countMessages()).toBeGreaterThan(before);
  } finally {
    await context.close();
  }
});
