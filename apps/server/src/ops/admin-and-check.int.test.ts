import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@convo/api';
import { startFakeS3 } from '@convo/provider-fakes';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { provisionWorkspace } from '../modules/accounts/provision.js';
import { seedDemoIfEmpty } from '../modules/demo/seed.js';
import { loadConfig } from '../platform/config.js';
import { type Database, migrationsFolder, openDatabase } from '../platform/db/database.js';
import { journalMigrations } from '../platform/db/schema-version.js';
import { buildTestApp } from '../testing/test-app.js';
import { emptyPostgresDatabase, openTestDatabase, testDatabaseKinds } from '../testing/test-database.js';
import { runChecks } from './check.js';
import { runCli } from './cli.js';
import { createAdmin } from './create-admin.js';

async function signIn(database: Database, email: string, password: string): Promise<number> {
  const { app } = await buildTestApp(database);
  try {
    const res = await app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: email, password },
    });
    return res.statusCode;
  } finally {
    await app.close();
  }
}

const PASSWORD = 'Operator-Pass-2026';

describe.each(testDatabaseKinds())('create-admin on %s', (kind) => {
  it('provisions a workspace on an empty install; the admin signs in', async () => {
    const database = await openTestDatabase(kind);
    try {
      const r = await createAdmin(database.db, {
        email: 'Root@Example.com',
        password: PASSWORD,
        company: 'Acme',
        variant: 'classic',
      });
      expect(r.action).toBe('provisioned');
      expect(await signIn(database, 'root@example.com', PASSWORD)).toBe(200);
      // Weak password: refused, nothing written.
      await expect(
        createAdmin(database.db, { email: 'weak@example.com', password: 'abc', variant: 'classic' }),
      ).rejects.toThrow(/too weak/);
    } finally {
      await database.close();
    }
  });

  it('gives a locked-out owner a new password and an active super admin role, and adds a new one', async () => {
    const database = await openTestDatabase(kind);
    try {
      const seeded = await seedDemoIfEmpty(database.db);
      const email = 'agent1@demo.convo.local';
      await database.db.update(users).set({ status: 3 }).where(eq(users.email, email));
      const reset = await createAdmin(database.db, { email, password: PASSWORD, variant: 'classic' });
      expect(reset).toEqual({ action: 'reset', applicationId: seeded?.applicationId, email });
      const [row] = await database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ roleType: '0', status: 1 });
      expect(await signIn(database, email, PASSWORD)).toBe(200);

      const added = await createAdmin(database.db, {
        email: 'new@example.com',
        password: PASSWORD,
        variant: 'classic',
      });
      expect(added).toEqual({
        action: 'added',
        applicationId: seeded?.applicationId,
        email: 'new@example.com',
      });
      expect(await signIn(database, 'new@example.com', PASSWORD)).toBe(200);

      await expect(
        createAdmin(database.db, {
          email: 'y@example.com',
          password: PASSWORD,
          variant: 'classic',
          applicationId: 'nope',
        }),
      ).rejects.toThrow(/no application with id nope/);
      // A second application: a new admin must say which.
      await database.db.transaction((tx) =>
        provisionWorkspace(tx, {
          companyName: 'Other',
          owner: { email: 'other@example.com', name: 'Other', passwordHash: null, roleType: '0' },
          product: 'classic',
        }),
      );
      await expect(
        createAdmin(database.db, { email: 'z@example.com', password: PASSWORD, variant: 'classic' }),
      ).rejects.toThrow(/2 applications: say which with --application/);
    } finally {
      await database.close();
    }
  });
});

/** An SMTP server that greets and answers EHLO and QUIT (what a transport's verify needs). */
function smtpGreeter() {
  const server = net.createServer((socket) => {
    socket.write('220 greeter ready\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n').filter(Boolean)) {
        if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
          return;
        }
        socket.write('250 ok\r\n');
      }
    });
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('check', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('reports each dependency in one line: reachable ones ok, unreachable ones failed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-check-'));
    dirs.push(dir);
    const smtp = smtpGreeter();
    const port = await smtp.listen();
    try {
      const good = await runChecks(
        loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32), SMTP_URL: `smtp://127.0.0.1:${port}` }),
      );
      expect(good.map((l) => l.name)).toEqual(['configuration', 'database', 'redis', 'smtp', 'storage']);
      expect(good.every((l) => l.ok)).toBe(true);
      expect(good.find((l) => l.name === 'smtp')?.detail).toMatch(/accepts connections/);

      const bad = await runChecks(
        loadConfig({
          DATA_DIR: dir,
          APP_SECRET: 'x'.repeat(32),
          DATABASE_URL: 'postgres://convo:hunter2@127.0.0.1:1/convo',
          REDIS_URL: 'redis://127.0.0.1:1',
          SMTP_URL: 'smtp://127.0.0.1:1',
        }),
      );
      const failed = bad.filter((l) => !l.ok).map((l) => l.name);
      expect(failed).toEqual(['database', 'redis', 'smtp']);
      expect(bad.map((l) => l.detail).join('\n')).not.toContain('hunter2');
    } finally {
      await smtp.close();
    }
  });

  it('says a database lacks a migration older than its latest, or holds one it does not know (the start refuses both)', async () => {
    const journal = journalMigrations(migrationsFolder());
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-check-'));
    dirs.push(dir);
    const embedded = await openDatabase({ dataDir: dir });
    await embedded.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${journal[7]!.when}`,
    );
    await embedded.close();
    const lines = await runChecks(loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32) }));
    expect(lines.find((l) => l.name === 'database')).toMatchObject({
      ok: false,
      detail: expect.stringContaining(`lacks migrations older than its latest: ${journal[7]!.tag}`),
    });
    if (!process.env.TEST_DATABASE_URL) return;
    const empty = await emptyPostgresDatabase();
    try {
      const pgDatabase = await openDatabase({ databaseUrl: empty.url, dataDir: dir, poolSize: 2 });
      await pgDatabase.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('cafe', ${journal[2]!.when + 5})`,
      );
      await pgDatabase.close();
      const pgLines = await runChecks(
        loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32), DATABASE_URL: empty.url }),
      );
      expect(pgLines.find((l) => l.name === 'database')).toMatchObject({
        ok: false,
        detail: expect.stringContaining('migrations this release does not know: one applied'),
      });
    } finally {
      await empty.drop();
    }
  });

  it('checks an S3 bucket for real: reachable with the right keys, one failed line naming the cause otherwise', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-check-s3-'));
    dirs.push(dir);
    const s3 = await startFakeS3({ buckets: ['convo-files'] });
    try {
      const env = {
        DATA_DIR: dir,
        APP_SECRET: 'x'.repeat(32),
        S3_BUCKET: 'convo-files',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
      const storageLine = async (overrides: Record<string, string>) =>
        (await runChecks(loadConfig({ ...env, ...overrides }))).find((l) => l.name === 'storage');
      expect(await storageLine({})).toEqual({
        name: 'storage',
        ok: true,
        detail: `S3 bucket convo-files at ${s3.url} is reachable`,
      });
      const wrongKey = await storageLine({ S3_ACCESS_KEY_ID: 'SOMEONE' });
      expect(wrongKey?.ok).toBe(false);
      expect(wrongKey?.detail).toMatch(/Access Key Id you provided does not exist/);
      const noBucket = await storageLine({ S3_BUCKET: 'missing-bucket' });
      expect(noBucket?.ok).toBe(false);
      expect(noBucket?.detail).toMatch(/^S3 bucket missing-bucket at .*bucket does not exist/);
      // Nothing was written by the checks.
      expect(s3.keys('convo-files')).toEqual([]);
    } finally {
      await s3.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
    'reaches a real PostgreSQL and Redis',
    async () => {
      const lines = await runChecks(
        loadConfig({
          DATA_DIR: '/tmp/convo-check-unused',
          APP_SECRET: 'x'.repeat(32),
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          REDIS_URL: process.env.REDIS_URL,
        }),
      );
      expect(lines.filter((l) => !l.ok)).toEqual([]);
      expect(lines.find((l) => l.name === 'redis')?.detail).toMatch(/PONG/);
    },
  );

  it('the command exits 1 when a check fails, and create-admin runs from the command line', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-cli-'));
    dirs.push(dir);
    const out: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
    const env = { DATA_DIR: dir, APP_SECRET: 'x'.repeat(32) };
    expect(await runCli(['check'], { ...env, REDIS_URL: 'redis://127.0.0.1:1' }, io)).toBe(1);
    expect(out.some((l) => /^FAIL redis/.test(l))).toBe(true);
    out.length = 0;
    const code = await runCli(
      ['create-admin', '--email', 'ops@example.com', '--password', PASSWORD],
      env,
      io,
    );
    expect(out).toEqual([expect.stringMatching(/^ops@example.com: new workspace created/)]);
    expect(code).toBe(0);
    expect(await runCli(['create-admin', '--password', PASSWORD], env, io)).toBe(2);
  });
});
