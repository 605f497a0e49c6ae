import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// Upgrade safety: drizzle's migrator applies the journal's migrations newer than the database's
// last one and silently ignores a database that is ahead of it, so an older release would run
// against a schema it does not know. We refuse that before migrating.

export interface MigrationEntry {
  tag: string;
  /** drizzle's `when`: the `created_at` the migrator records in drizzle.__drizzle_migrations. */
  when: number;
}

/** This release's migrations, oldest first (from meta/_journal.json). */
export function journalEntries(folder: string): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export class SchemaTooNewError extends Error {
  constructor(
    readonly databaseWhen: number,
    readonly releaseTag: string,
  ) {
    super(
      `The database was upgraded by a newer Convo release (its last migration is from ${new Date(databaseWhen).toISOString()}; ` +
        `this release knows migrations up to ${releaseTag}). Start the newer release, or restore a backup made by this one.`,
    );
  }
}

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The `created_at` of the database's last applied migration, or null for a fresh database. */
export async function lastAppliedMigration(db: AnyDb): Promise<number | null> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return null;
  const last = (await db.execute(
    sql`select max(created_at)::text as created from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created: string | null }[] };
  const created = last.rows[0]?.created;
  return created == null ? null : Number(created);
}

/** Throws SchemaTooNewError when the database has a migration newer than this release's last. */
export async function assertSchemaNotNewer(db: AnyDb, folder: string): Promise<void> {
  const entries = journalEntries(folder);
  const latest = entries[entries.length - 1];
  if (!latest) return;
  const applied = await lastAppliedMigration(db);
  if (applied !== null && applied > latest.when) throw new SchemaTooNewError(applied, latest.tag);
}
