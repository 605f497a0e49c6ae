import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new empty database beside TEST_DATABASE_URL (dropped by the returned function). */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
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
