import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ACCOUNT_PATHS, MESSAGING_PATHS } from '@convo/api';
import { startFakeS3 } from '@convo/provider-fakes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttachment } from '../modules/attachments/repository.js';
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemoIfEmpty } from '../modules/demo/seed.js';
import { type Database, migrationsFolder, openDatabase, rowsOf } from '../platform/db/database.js';
import { journalEntries } from '../platform/db/schema-version.js';
import { createLocalStorage } from '../platform/storage/local-storage.js';
import { buildTestApp } from '../testing/test-app.js';
import { emptyPostgresDatabase } from '../testing/test-database.js';
import { ident, readCatalog } from './catalog.js';
import { runCli } from './cli.js';
import { migrateToPostgres } from './migrate-to-postgres.js';

const PG_BASE = process.env.TEST_DATABASE_URL?.trim();

/** Every table's rows (as PostgreSQL's JSON text, sorted) by table name. */
async function snapshot(database: Database): Promise<Map<string, string[]>> {
  const catalog = await readCatalog(database.db);
  const out = new Map<string, string[]>();
  for (const t of catalog.tables) {
    const cols = t.insertable.map(ident).join(', ');
    const rows = rowsOf<{ j: string }>(
      await database.db.execute(
        sql.raw(`select row_to_json(r)::text as j from (select ${cols} from ${ident(t.name)}) r order by 1`),
      ),
    );
    out.set(
      t.name,
      rows.map((r) => r.j),
    );
  }
  return out;
}

/** Every index of the public schema as its definition (a restore rebuilds the ones it dropped). */
async function indexDefinitions(database: Database): Promise<string[]> {
  const rows = rowsOf<{ def: string }>(
    await database.db.execute(
      sql`select indexdef as def from pg_indexes where schemaname = 'public' order by 1`,
    ),
  );
  return rows.map((r) => r.def);
}

/** User triggers left off (a restore turns the roll-up's off while loading and back on after). */
async function disabledTriggers(database: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select tgname as name from pg_trigger where not tgisinternal and tgenabled = 'D' order by 1`,
    ),
  );
  return rows.map((r) => r.name);
}

async function totalRows(database: Database): Promise<number> {
  let n = 0;
  for (const rows of (await snapshot(database)).values()) n += rows.length;
  return n;
}

function cli(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const done = runCli(
    argv,
    { SEED_DEMO: 'false', APP_SECRET: 'ops-test-secret-0123456789', LOG_LEVEL: 'silent', ...env },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return done.then((code) => ({ code, out, err }));
}

/** The demo owner signs in, reads a conversation's messages and replies, through the HTTP API. */
async function ownerReadsAConversation(database: Database) {
  const { app } = await buildTestApp(database);
  try {
    const login = await app.inject({
      method: 'POST',
      url: ACCOUNT_PATHS.login,
      payload: { userName: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const session = login.json().data as { token: string; applicationId: string };
    const [conv] = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select conversation_id::text as id from messages group by 1 order by count(*) desc limit 1`,
      ),
    );
    const list = await app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${conv?.id}&pageSize=50`,
      headers: { 'x-authorization': session.token, 'application-key': session.applicationId },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json().message as unknown[]).length).toBeGreaterThan(1);
    // And replies: new rows get ids past the copied ones (the sequences were moved).
    const reply = await app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: { 'x-authorization': session.token, 'application-key': session.applicationId },
      payload: {
        key: `reply-${randomBytes(4).toString('hex')}`,
        groupId: conv?.id,
        message: 'Back on a new database',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: `${MESSAGING_PATHS.messageList}?groupId=${conv?.id}&pageSize=50`,
      headers: { 'x-authorization': session.token, 'application-key': session.applicationId },
    });
    expect(JSON.stringify(after.json().message)).toContain('Back on a new database');
  } finally {
    await app.close();
  }
}

describe('operator command: backup, restore, migrate-to-postgres', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'convo-ops-'));
    dirs.push(d);
    return d;
  };
  let sourceDir: string;
  let backupFile: string;
  let expected: Map<string, string[]>;
  let expectedIndexes: string[];

  beforeAll(async () => {
    sourceDir = newDir();
    const source = await openDatabase({ dataDir: sourceDir });
    try {
      const seeded = await seedDemoIfEmpty(source.db);
      if (!seeded) throw new Error('demo seed did not run');
      const [owner] = rowsOf<{ id: string }>(
        await source.db.execute(sql`select id from users where email = ${DEMO_MEMBERS[0].email}`),
      );
      await insertAttachment(source.db, {
        applicationId: seeded.applicationId,
        uploaderId: owner?.id ?? null,
        storageKey: `${seeded.applicationId}/receipt-1`,
        name: 'receipt.pdf',
        contentType: 'application/pdf',
        size: 1234,
      });
      expected = await snapshot(source);
      expectedIndexes = await indexDefinitions(source);
    } finally {
      await source.close();
    }
    backupFile = path.join(newDir(), 'backup.jsonl.gz');
    const r = await cli({ DATA_DIR: sourceDir }, 'backup', '--out', backupFile);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
  });

  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('without --out, writes into DATA_DIR/backups (the writable volume in the container image)', async () => {
    const r = await cli({ DATA_DIR: sourceDir }, 'backup');
    expect(r.code).toBe(0);
    const written = readdirSync(path.join(sourceDir, 'backups'));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^convo-backup-.*\.jsonl\.gz$/);
  });

  it('writes a header naming the product and schema, and a second backup to the same file is refused', async () => {
    expect(existsSync(backupFile)).toBe(true);
    const again = await cli({ DATA_DIR: sourceDir }, 'backup', '--out', backupFile);
    expect(again.code).toBe(1);
    expect(again.err[0]).toMatch(/already exists/);
  });

  it('restores into a new embedded database with the same rows, table by table, and the owner reads a conversation', async () => {
    const targetDir = newDir();
    const r = await cli({ DATA_DIR: targetDir }, 'restore', backupFile);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const target = await openDatabase({ dataDir: targetDir });
    try {
      const got = await snapshot(target);
      expect([...got.keys()]).toEqual([...expected.keys()]);
      for (const [table, rows] of expected) expect(got.get(table), table).toEqual(rows);
      expect(got.get('attachments')).toHaveLength(1);
      expect(await indexDefinitions(target)).toEqual(expectedIndexes);
      expect(await disabledTriggers(target)).toEqual([]);
      await ownerReadsAConversation(target);
      // Sequences moved past the restored ids: a new conversation gets a fresh id.
      const [next] = rowsOf<{ fresh: boolean }>(
        await target.db.execute(
          sql`select nextval('conversations_id_seq') > (select max(id) from conversations) as fresh`,
        ),
      );
      expect(next?.fresh).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('refuses to restore into a non-empty database unless forced', async () => {
    const before = await openDatabase({ dataDir: sourceDir });
    const rowsBefore = await totalRows(before);
    await before.close();
    const r = await cli({ DATA_DIR: sourceDir }, 'restore', backupFile);
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/not empty .*--force/);
    const after = await openDatabase({ dataDir: sourceDir });
    try {
      expect(await totalRows(after)).toBe(rowsBefore);
    } finally {
      await after.close();
    }
    const forced = await cli({ DATA_DIR: sourceDir }, 'restore', backupFile, '--force');
    expect(forced.err).toEqual([]);
    const again = await openDatabase({ dataDir: sourceDir });
    try {
      const got = await snapshot(again);
      for (const [table, rows] of expected) expect(got.get(table), table).toEqual(rows);
    } finally {
      await again.close();
    }
  });

  it('refuses another product, a truncated file and a newer schema with one line, changing nothing', async () => {
    const dir = newDir();
    const foreign = path.join(dir, 'other.gz');
    writeFileSync(foreign, gzipSync('{"product":"chatwoot","version":"4.0"}\n{"id":1}\n'));
    const plain = path.join(dir, 'plain.sql');
    writeFileSync(plain, 'CREATE TABLE x (id int);\n');
    const truncated = path.join(dir, 'truncated.gz');
    const bytes = readFileSync(backupFile);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const header = JSON.parse(
      (await import('node:zlib')).gunzipSync(bytes).toString('utf8').split('\n')[0] ?? '{}',
    ) as Record<string, unknown>;
    const newer = path.join(dir, 'newer.gz');
    writeFileSync(
      newer,
      gzipSync(`${JSON.stringify({ ...header, migration: '9999_future', migrationWhen: Date.now() * 2 })}\n`),
    );
    const cases: [string, RegExp][] = [
      [foreign, /not a Convo backup/],
      [plain, /not a Convo backup/],
      [truncated, /truncated|damaged/],
      [newer, /newer release/],
      [path.join(dir, 'missing.gz'), /no such file/],
    ];
    for (const [file, message] of cases) {
      const targetDir = newDir();
      const r = await cli({ DATA_DIR: targetDir }, 'restore', file);
      expect(r.code, file).toBe(1);
      expect(r.err, file).toHaveLength(1);
      expect(r.err[0], file).toMatch(message);
      // Nothing was created: no embedded database appears in the target directory.
      expect(existsSync(path.join(targetDir, 'pglite')), file).toBe(false);
    }
  });

  it('restore warns when the backup was sealed with another APP_SECRET, and restores all the same', async () => {
    const zlib = await import('node:zlib');
    const text = zlib.gunzipSync(readFileSync(backupFile)).toString('utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
    // The header names the secret without holding it.
    expect(header.secretFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(text).not.toContain('ops-test-secret-0123456789');

    const other = newDir();
    const r = await cli(
      { DATA_DIR: other, APP_SECRET: 'another-secret-0123456789abc' },
      'restore',
      backupFile,
    );
    expect(r.code).toBe(0);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^Warning: this backup was sealed with another APP_SECRET .*APP_SECRET set to/);
    expect(r.err[0]).toMatch(/DATA_DIR\/app-secret/);

    // Once the old install's app-secret file is copied over the new one, the same backup restores
    // without the warning.
    const copied = newDir();
    writeFileSync(path.join(copied, 'app-secret'), 'ops-test-secret-0123456789');
    const same = await cli({ DATA_DIR: copied, APP_SECRET: '' }, 'restore', backupFile);
    expect(same.err).toEqual([]);

    // A backup of an older release (no fingerprint) gets a note to check the secret.
    const { secretFingerprint: _, ...oldHeader } = header;
    const old = path.join(newDir(), 'old.jsonl.gz');
    writeFileSync(old, zlib.gzipSync(`${JSON.stringify(oldHeader)}${text.slice(text.indexOf('\n'))}`));
    const fromOld = await cli({ DATA_DIR: newDir() }, 'restore', old);
    expect(fromOld.code).toBe(0);
    expect(fromOld.err).toEqual([expect.stringMatching(/^Note: this backup does not say which APP_SECRET/)]);
  });

  it('answers bad usage with one line and exit code 2', async () => {
    expect((await cli({}, 'restore')).code).toBe(2);
    const bad = await cli({}, 'migrate-to-postgres', '--to', 'mysql://x');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/postgres:\/\//);
    expect((await cli({}, 'frobnicate')).err[0]).toMatch(/unknown command/);
    const plan = await cli({}, 'set-plan');
    expect(plan.code).toBe(2);
    expect(plan.err[0]).toMatch(/set-plan <applicationId> <plan>/);
    const help = await cli({}, 'help');
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toMatch(/migrate-to-postgres/);
  });

  it('refuses to back up a database of a newer release with one line, writing no file', async () => {
    const dir = newDir();
    const database = await openDatabase({ dataDir: dir });
    const latest = journalEntries(migrationsFolder()).at(-1);
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${(latest?.when ?? 0) + 1000})`,
    );
    await database.close();
    const file = path.join(newDir(), 'newer.jsonl.gz');
    const r = await cli({ DATA_DIR: dir }, 'backup', '--out', file);
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^convo backup: The database was upgraded by a newer Convo release/);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a wrong PostgreSQL URL with one line', async () => {
    const r = await cli(
      { DATA_DIR: sourceDir },
      'migrate-to-postgres',
      '--to',
      'postgres://nobody:secret@127.0.0.1:1/none',
    );
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/cannot open PostgreSQL/);
    expect(r.err[0]).not.toContain('secret');
  });

  describe.skipIf(!PG_BASE)('on PostgreSQL', () => {
    it('migrate-to-postgres killed in the middle (SIGKILL) runs again to the same rows, and copies the files', async () => {
      const pgdb = await emptyPostgresDatabase('convo_ops');
      try {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(import.meta.dirname, 'main.ts'),
            'migrate-to-postgres',
            '--to',
            pgdb.url,
          ],
          {
            env: {
              ...process.env,
              DATA_DIR: sourceDir,
              APP_SECRET: 'ops-test-secret-0123456789',
              SEED_DEMO: 'false',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
        // Killed right after the first table it copies (a line ending in its time): mid-run.
        await new Promise<void>((resolve) => {
          child.stdout.on('data', (d: Buffer) => {
            output += d.toString();
            if (/\] \S+ +\d+ rows +[\d.]+ s\n/.test(output)) {
              child.kill('SIGKILL');
              resolve();
            }
          });
          child.on('exit', () => resolve());
        });
        // Killed (no exit code), not finished: the run below resumes it.
        expect(await exited).toBeNull();
        expect(output).toMatch(/Copying the embedded database/);
        // The killed run's lock on DATA_DIR names a dead process: the next run takes it over.
        const r = await cli({ DATA_DIR: sourceDir }, 'migrate-to-postgres', '--to', pgdb.url);
        expect(r.err).toEqual([]);
        expect(r.code).toBe(0);
        expect(r.out.join('\n')).toMatch(/already copied/);
        const copy = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          const got = await snapshot(copy);
          for (const [table, rows] of expected) expect(got.get(table), table).toEqual(rows);
        } finally {
          await copy.close();
        }
        // The uploaded files: every attachment's object from the local store to the other store
        // (S3 in production; here a second local directory, through the same FileStorage interface).
        const filesFrom = createLocalStorage(path.join(sourceDir, 'files'));
        const filesTo = createLocalStorage(path.join(newDir(), 'bucket'));
        const [attachment] = expected.get('attachments') ?? [];
        const key = (JSON.parse(attachment ?? '{}') as { storage_key: string }).storage_key;
        await filesFrom.put(key, Buffer.from('%PDF-1.4 receipt'), 'application/pdf');
        const source = await openDatabase({ dataDir: sourceDir });
        const target = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          const result = await migrateToPostgres(
            source,
            target,
            { files: { from: filesFrom, to: filesTo } },
            () => {},
          );
          expect(result.files).toBe(1);
        } finally {
          await target.close();
          await source.close();
        }
        const moved = await filesTo.get(key);
        expect(moved?.contentType).toBe('application/pdf');
        const chunks: Buffer[] = [];
        for await (const c of moved?.stream ?? []) chunks.push(c as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.4 receipt');
      } finally {
        await pgdb.drop();
      }
    });

    it('with S3_BUCKET, moves the uploaded files into the bucket, and the server on PostgreSQL serves them from there', async () => {
      const pgdb = await emptyPostgresDatabase('convo_ops');
      const s3 = await startFakeS3({ buckets: ['convo-files'] });
      try {
        const attachment = JSON.parse(expected.get('attachments')?.[0] ?? '{}') as {
          id: string;
          storage_key: string;
        };
        const bytes = Buffer.from('%PDF-1.4 the receipt');
        await createLocalStorage(path.join(sourceDir, 'files')).put(
          attachment.storage_key,
          bytes,
          'application/pdf',
        );
        const s3Env = {
          S3_BUCKET: 'convo-files',
          S3_ENDPOINT: s3.url,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        };
        // Wrong S3 credentials: one line, before anything is copied.
        const refused = await cli(
          { DATA_DIR: sourceDir, ...s3Env, S3_SECRET_ACCESS_KEY: 'not-the-secret' },
          'migrate-to-postgres',
          '--to',
          pgdb.url,
        );
        expect(refused.code).toBe(1);
        expect(refused.err).toHaveLength(1);
        expect(refused.err[0]).toMatch(/file store \(S3_BUCKET\) cannot be reached: .*signature/i);
        const untouched = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          expect(await totalRows(untouched)).toBe(0);
        } finally {
          await untouched.close();
        }

        const r = await cli({ DATA_DIR: sourceDir, ...s3Env }, 'migrate-to-postgres', '--to', pgdb.url);
        expect(r.err).toEqual([]);
        expect(r.code).toBe(0);
        expect(r.out.join('\n')).toMatch(/files: 1\/1 copied to the bucket/);
        expect(s3.keys('convo-files')).toEqual([attachment.storage_key]);
        expect(s3.object('convo-files', attachment.storage_key)).toMatchObject({
          body: bytes,
          contentType: 'application/pdf',
        });

        // The server on the new database and the bucket: the owner downloads the file.
        const target = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        const { app } = await buildTestApp(target, s3Env);
        try {
          const login = await app.inject({
            method: 'POST',
            url: ACCOUNT_PATHS.login,
            payload: { userName: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD },
          });
          const session = login.json().data as { token: string; applicationId: string };
          const file = await app.inject({
            method: 'GET',
            url: `/rest/ws/file/${attachment.id}`,
            headers: { 'x-authorization': session.token, 'application-key': session.applicationId },
          });
          expect(file.statusCode, file.body).toBe(200);
          expect(file.headers['content-type']).toBe('application/pdf');
          expect(file.rawPayload).toEqual(bytes);
          expect(s3.calls.at(-1)).toMatchObject({ method: 'GET', key: attachment.storage_key, status: 200 });
        } finally {
          await app.close();
          await target.close();
        }
      } finally {
        await s3.close();
        await pgdb.drop();
      }
    });

    it('restore into PostgreSQL warns when the backup was sealed with another APP_SECRET', async () => {
      const pgdb = await emptyPostgresDatabase('convo_ops');
      try {
        const r = await cli(
          { DATABASE_URL: pgdb.url, APP_SECRET: 'another-secret-0123456789abc' },
          'restore',
          backupFile,
        );
        expect(r.code).toBe(0);
        expect(r.err).toEqual([
          expect.stringMatching(/^Warning: this backup was sealed with another APP_SECRET/),
        ]);
      } finally {
        await pgdb.drop();
      }
    });

    it('restores the embedded backup into PostgreSQL with the same rows; the owner reads a conversation', async () => {
      const pgdb = await emptyPostgresDatabase('convo_ops');
      let expectedBack = new Map<string, string[]>();
      try {
        const r = await cli({ DATABASE_URL: pgdb.url }, 'restore', backupFile);
        expect(r.err).toEqual([]);
        const target = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          const got = await snapshot(target);
          for (const [table, rows] of expected) expect(got.get(table), table).toEqual(rows);
          expect(await indexDefinitions(target)).toEqual(expectedIndexes);
          expect(await disabledTriggers(target)).toEqual([]);
          await ownerReadsAConversation(target);
          // The sign-in wrote a session and a sign-in time: the round trip compares with this state.
          expectedBack = await snapshot(target);
        } finally {
          await target.close();
        }
        // And back: a backup of PostgreSQL restores into a new embedded database identically.
        const second = path.join(newDir(), 'from-pg.jsonl.gz');
        expect((await cli({ DATABASE_URL: pgdb.url }, 'backup', '--out', second)).code).toBe(0);
        const dir = newDir();
        expect((await cli({ DATA_DIR: dir }, 'restore', second)).code).toBe(0);
        const back = await openDatabase({ dataDir: dir });
        try {
          const got = await snapshot(back);
          for (const [table, rows] of expectedBack) expect(got.get(table), table).toEqual(rows);
        } finally {
          await back.close();
        }
      } finally {
        await pgdb.drop();
      }
    });

    it('migrate-to-postgres, interrupted after some tables, runs again to equal counts without duplicates', async () => {
      const pgdb = await emptyPostgresDatabase('convo_ops');
      try {
        // The interrupted run: a few tables copied, each in its own transaction.
        const source = await openDatabase({ dataDir: sourceDir });
        const target = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          const partial = await migrateToPostgres(source, target, { stopAfterTables: 6 }, () => {});
          expect(partial.complete).toBe(false);
        } finally {
          await target.close();
          await source.close();
        }
        const r = await cli({ DATA_DIR: sourceDir }, 'migrate-to-postgres', '--to', pgdb.url);
        expect(r.err).toEqual([]);
        expect(r.code).toBe(0);
        expect(r.out.join('\n')).toMatch(/already copied/);
        expect(r.out.join('\n')).not.toMatch(/MISMATCH/);
        // A third run finds everything copied and changes nothing.
        const again = await cli({ DATA_DIR: sourceDir }, 'migrate-to-postgres', '--to', pgdb.url);
        expect(again.err).toEqual([]);
        expect(again.code).toBe(0);
        const copy = await openDatabase({ databaseUrl: pgdb.url, dataDir: 'unused', poolSize: 2 });
        try {
          const got = await snapshot(copy);
          for (const [table, rows] of expected) expect(got.get(table), table).toEqual(rows);
          expect(await disabledTriggers(copy)).toEqual([]);
          await ownerReadsAConversation(copy);
        } finally {
          await copy.close();
        }
        // The copy is now in use (a session row): a new run refuses it rather than mixing data.
        const inUse = await cli({ DATA_DIR: sourceDir }, 'migrate-to-postgres', '--to', pgdb.url);
        expect(inUse.code).toBe(1);
        expect(inUse.err[0]).toMatch(/not empty/);
      } finally {
        await pgdb.drop();
      }
    });
  });
});
