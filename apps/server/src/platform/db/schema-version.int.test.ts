import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { migrationsFolder, openDatabase, PGLITE_EXTENSIONS } from './database.js';
import {
  appliedMigrations,
  assertMigrationHistory,
  assertSchemaNotNewer,
  journalEntries,
  journalMigrations,
  lastAppliedMigration,
  MigrationHistoryError,
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
    const raw = new PGlite(path.join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    await raw.query(`delete from drizzle.__drizzle_migrations where hash = 'future'`);
    await raw.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });
});

describe("upgrade safety: a database whose migrations are not this build's", () => {
  const folder = migrationsFolder();
  const journal = journalMigrations(folder);

  it.each(testDatabaseKinds())(
    "%s: records exactly this journal's hashes (the lock's sha256), and is accepted",
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        expect(await appliedMigrations(database.db)).toEqual(
          journal.map((e) => ({ hash: e.hash, when: e.when })),
        );
        const lock = JSON.parse(readFileSync(path.join(folder, 'landed.lock.json'), 'utf8')) as {
          entries: { tag: string; sha256: string }[];
        };
        for (const locked of lock.entries)
          expect(journal.find((e) => e.tag === locked.tag)?.hash).toBe(locked.sha256);
        await expect(assertMigrationHistory(database.db, folder)).resolves.toBeUndefined();
      } finally {
        await database.close();
      }
    },
  );

  it.each(testDatabaseKinds())(
    '%s: refuses a migration it does not know, a changed one and a hole, naming them',
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        const [a, b, c] = [journal[5]!, journal[10]!, journal[20]!];
        // A branch's migration applied between two of ours.
        await database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('abcdef0123456789', ${a.when + 1})`,
        );
        await expect(assertMigrationHistory(database.db, folder)).rejects.toThrow(
          new RegExp(
            `does not know: one applied ${new Date(a.when + 1).toISOString()} \\(hash abcdef012345…\\)`,
          ),
        );
        await database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where hash = 'abcdef0123456789'`,
        );
        // One of ours regenerated after this database applied it.
        await database.db.execute(
          sql`update drizzle.__drizzle_migrations set hash = 'f00d' where created_at = ${b.when}`,
        );
        await expect(assertMigrationHistory(database.db, folder)).rejects.toThrow(
          `does not know: ${b.tag} as it was before it was changed (hash f00d…)`,
        );
        await database.db.execute(
          sql`update drizzle.__drizzle_migrations set hash = ${b.hash} where created_at = ${b.when}`,
        );
        // A hole: drizzle would never apply it, being older than the latest.
        await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${c.when}`);
        const refused = assertMigrationHistory(database.db, folder);
        await expect(refused).rejects.toBeInstanceOf(MigrationHistoryError);
        await expect(assertMigrationHistory(database.db, folder)).rejects.toThrow(
          `lacks a migration older than its latest: ${c.tag}`,
        );
      } finally {
        await database.close();
      }
    },
  );

  it('the server start refuses an embedded database with a hole, before migrating', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convo-history-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${journal[3]!.when}`,
      );
      await first.close();
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        new RegExp(
          `lacks a migration older than its latest: ${journal[3]!.tag}.*Start the build that migrated it`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the server start refuses a PostgreSQL database holding an unknown migration',
    async () => {
      const empty = await emptyPostgresDatabase();
      try {
        const first = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 2 });
        await first.db.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('beef', ${journal[0]!.when + 1})`,
        );
        await first.close();
        await expect(
          openDatabase({ databaseUrl: empty.url, dataDir: 'unused', poolSize: 2 }),
        ).rejects.toBeInstanceOf(MigrationHistoryError);
      } finally {
        await empty.drop();
      }
    },
  );
});
