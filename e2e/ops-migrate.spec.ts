import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_PORT, E2E_ROOT } from './support/e2e-server';

// The move from the embedded database to PostgreSQL as an operator does it: the product started
// on PGlite builds the demo workspace, `migrate-to-postgres` (the built operator command) copies
// it into a new PostgreSQL database, and a server started on that database serves the demo owner,
// who signs in, opens a conversation of the demo and replies. The servers of this spec run on
// E2E_PORT + 10, beside the main config's webServer, which this spec does not use.

const port = E2E_PORT + 10;
const baseURL = `http://localhost:${port}`;
const adminUrl = process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const nodeArgs = JSON.parse(
  readFileSync(path.join(E2E_ROOT, 'apps/server/node-args.json'), 'utf8'),
) as string[];

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

/** The built server (as `npm start` runs it) with these settings; resolves once /health answers. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: E2E_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_LOGIN_ADDRESS_MAX: '5000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}): ${errors.slice(-2000)}`);
    const ok = await fetch(`${baseURL}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /health within 240 s: ${errors.slice(-2000)}`);
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The built operator command; resolves with its exit code and output. */
function convo(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/dist/convo.js', ...args], {
      cwd: E2E_ROOT,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

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
  await stopServer(embedded);

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
  await stopServer(server);
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
