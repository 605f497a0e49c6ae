import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { migrationsFolder, openDatabase } from './database.js';
import {
  assertSchemaNotNewer,
  journalEntries,
  lastAppliedMigration,
  SchemaTooNewError,
} from './schema-version.js';

describe('upgrade safety: a database migrated by a newer release', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(testDatabaseKinds())(
    '%s: is accepted when up to date, refused once it has an unknown migration',
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        const entries = journalEntries(migrationsFolder());
        const latest = entries[entries.length - 1]!;
        expect(await lastAppliedMigration(database.db)).toBe(latest.when);
        await expect(assertSchemaNotNewer(database.db, migrationsFolder())).resolves.toBeUndefined();
        // What a newer release's start leaves behind: one more migration row, later than ours.
        await database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${latest.when + 1000})`,
        );
        const refused = assertSchemaNotNewer(database.db, migrationsFolder());
        await expect(refused).rejects.toBeInstanceOf(SchemaTooNewError);
        await expect(assertSchemaNotNewer(database.db, migrationsFolder())).rejects.toThrow(
          new RegExp(`newer Convo release .*${latest.tag}`),
        );
      } finally {
        await database.close();
      }
    },
  );

  it('the server start refuses the newer embedded database and leaves it unchanged', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-schema-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    const latest = journalEntries(migrationsFolder()).at(-1)!;
    await first.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${latest.when + 1000})`,
    );
    await first.close();
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(SchemaTooNewError);
    // The lock was released: once the newer row is gone (the newer release's backup restored), it opens.
    const { PGlite } = await import('@electric-sql/pglite');
    const raw = new PGlite(path.join(dir, 'pglite'));
    await raw.query(`delete from drizzle.__drizzle_migrations where hash = 'future'`);
    await raw.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});
