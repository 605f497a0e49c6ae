import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findPostgres } from './services.js';

/**
 * A new empty database beside TEST_DATABASE_URL, or beside the machine's PostgreSQL when that is
 * unset (dropped by the returned function); null when there is no PostgreSQL to use.
 */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = (await findPostgres(process.env)).url;
  if (!base) return null;
  const name = `convo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
