import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Database,
  migratedPgliteDump,
  migrationsFolder,
  openDatabase,
} from '../platform/db/database.js';

export type TestDbKind = 'pglite' | 'postgres';

/**
 * The databases an integration test runs on: PostgreSQL when TEST_DATABASE_URL is set, PGlite
 * otherwise (TEST_DATABASES=both runs each file on both). One engine per run halves the suite's
 * time; PGlite stays covered by runs without TEST_DATABASE_URL, by the tests that open it by name
 * (schema, static files, ops) and by every browser test, whose server runs on it. Under CI=true an
 * unset TEST_DATABASE_URL is an error, not a quiet PGlite-only run (the integration project's
 * global setup, `ci-services.ts`, also checks the server answers).
 */
export function testDatabaseKinds(env: Record<string, string | undefined> = process.env): TestDbKind[] {
  if (env.TEST_DATABASE_URL?.trim())
    return env.TEST_DATABASES?.trim() === 'both' ? ['pglite', 'postgres'] : ['postgres'];
  if (/^(1|true|yes)$/i.test(env.CI?.trim() ?? ''))
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests would be skipped');
  return ['pglite'];
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL: its URL, and `drop()` to remove it. */
export async function emptyPostgresDatabase(
  prefix = 'convo_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(base, name);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped on close, so files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://', pgliteDump: await pgliteTemplate() });
  const empty = await emptyPostgresDatabase('convo_test', await postgresTemplate());
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated PostgreSQL database every test file copies (`create database … template`, a file
 * copy, instead of thirty migrations per file), one per state of the migrations, made by the first
 * file that needs it under an advisory lock so racing files wait for it rather than make two.
 */
async function postgresTemplate(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `convo_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    // Any fixed key: only this function takes it.
    await admin.query('select pg_advisory_lock(727274)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      // Migrated and closed before the rename: a template must have no other connection.
      const database = await openDatabase({
        databaseUrl: databaseUrl(base, building),
        dataDir: 'unused',
        poolSize: 1,
      });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await admin.end();
  }
  return name;
}

/** The migrations as they are now: their SQL and journal, so an edited migration makes a new template. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(name).update(readFileSync(path.join(folder, name)));
  hash.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  // A dump is only readable by the PGlite release that wrote it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  hash.update(readFileSync(path.join(root, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite every test file starts from, kept in the temporary directory per state of the
 * migrations (vitest isolates files, so a module-level cache would not outlive one file). The
 * first file to need it makes it; a file racing it writes the same bytes, and the rename is atomic.
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `convo-test-pglite-${migrationsHash()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const dump = await migratedPgliteDump();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}
