import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../../testing/test-database.js';
import { MIGRATION_LOCK_KEY, migrationsFolder, openDatabase, rowsOf } from './database.js';
import { journalEntries } from './schema-version.js';

const PG_BASE = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!PG_BASE)('migrations on PostgreSQL with several nodes', { timeout: 120_000 }, () => {
  it('two nodes starting at once on a fresh database migrate it once, both start', async () => {
    const target = await emptyPostgresDatabase('convo_lock');
    try {
      const open = () => openDatabase({ databaseUrl: target.url, dataDir: 'unused', poolSize: 2 });
      const nodes = await Promise.all([open(), open(), open()]);
      try {
        const applied = rowsOf<{ hash: string }>(
          await nodes[0].db.execute('select hash from drizzle.__drizzle_migrations'),
        );
        // Each migration recorded once: no node applied them a second time.
        expect(applied).toHaveLength(journalEntries(migrationsFolder()).length);
        expect(new Set(applied.map((r) => r.hash)).size).toBe(applied.length);
        for (const node of nodes) await node.ping();
      } finally {
        await Promise.all(nodes.map((n) => n.close()));
      }
    } finally {
      await target.drop();
    }
  });

  it('a node waits while another holds the migration lock, then starts', async () => {
    const target = await emptyPostgresDatabase('convo_lock');
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      let started = false;
      const opening = openDatabase({ databaseUrl: target.url, dataDir: 'unused', poolSize: 2 }).then((db) => {
        started = true;
        return db;
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(started).toBe(false);
      const [tables] = (
        await holder.query<{ present: boolean }>(
          "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
        )
      ).rows;
      expect(tables?.present).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
      const database = await opening;
      expect(started).toBe(true);
      await database.close();
    } finally {
      await holder.end();
      await target.drop();
    }
  });
});
