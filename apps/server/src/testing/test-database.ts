import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../platform/db/database.js';

export type TestDbKind = 'pglite' | 'postgres';

/** The databases an integration test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created beside TEST_DATABASE_URL and dropped on close, so files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `convo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      try {
        await drop.query(`drop database if exists ${name} with (force)`);
      } finally {
        await drop.end();
      }
    },
  };
}
