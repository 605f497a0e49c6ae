import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/database.js';

export type TestDbKind = 'pglite' | 'postgres';

/**
 * The databases an integration test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Under CI=true an unset TEST_DATABASE_URL is an error, not a quiet PGlite-only run (the
 * integration project's global setup, `ci-services.ts`, also checks the server answers).
 */
export function testDatabaseKinds(env: Record<string, string | undefined> = process.env): TestDbKind[] {
  if (env.TEST_DATABASE_URL?.trim()) return ['pglite', 'postgres'];
  if (/^(1|true|yes)$/i.test(env.CI?.trim() ?? ''))
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests would be skipped');
  return ['pglite'];
}

/** A new, empty PostgreSQL database beside TEST_DATABASE_URL: its URL, and `drop()` to remove it. */
export async function emptyPostgresDatabase(
  prefix = 'convo_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const empty = await emptyPostgresDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}
