import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// Upgrade safety: drizzle's migrator applies the journal's migrations newer than the database's
// last one and silently ignores a database that is ahead of it, so an older release would run
// against a schema it does not know. It also never looks at the older ones: a database that
// applied a migration this build does not have (a branch's, or one since renumbered or
// regenerated) or lacks one older than its latest (inserted before it) would run on a schema
// that is not this build's. We refuse all of these before migrating.

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

/** A journal entry with drizzle's hash of its SQL (sha256 of the file's text). */
export interface JournalMigration extends MigrationEntry {
  hash: string;
}

export function journalMigrations(folder: string): JournalMigration[] {
  return journalEntries(folder).map((e) => ({
    ...e,
    hash: createHash('sha256')
      .update(readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}

export interface AppliedMigration {
  hash: string;
  when: number;
}

/** The rows drizzle's migrator recorded, oldest first (empty for a fresh database). */
export async function appliedMigrations(db: AnyDb): Promise<AppliedMigration[]> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return [];
  const rows = (await db.execute(
    sql`select hash, created_at::text as created from drizzle.__drizzle_migrations order by created_at, id`,
  )) as unknown as { rows: { hash: string; created: string | null }[] };
  return rows.rows.map((r) => ({ hash: r.hash, when: Number(r.created ?? 0) }));
}

const at = (when: number) => new Date(when).toISOString();

export class MigrationHistoryError extends Error {
  constructor(
    readonly unknown: string[],
    readonly missing: string[],
  ) {
    const parts: string[] = [];
    if (unknown.length > 0)
      parts.push(
        `The database holds ${unknown.length === 1 ? 'a migration' : 'migrations'} this release does not know: ${unknown.join('; ')}.`,
      );
    if (missing.length > 0)
      parts.push(
        `The database lacks ${missing.length === 1 ? 'a migration' : 'migrations'} older than its latest: ${missing.join(', ')} ` +
          '(migrations only run when newer than the last applied one, so they would never run).',
      );
    super(
      `${parts.join(' ')} It was set up by a different build of Convo (a branch, or a build whose migrations were since renumbered or changed); ` +
        'starting would run on a schema this release does not have. Start the build that migrated it, or restore a backup made by this release.',
    );
  }
}

/**
 * Compares the applied migrations with this release's journal. Pure, for the start check and
 * `convo check`: `unknown` describes applied rows matching no journal entry (hash and time),
 * `missing` names journal entries not applied although older than the latest applied one.
 */
export function migrationHistoryProblems(
  journal: JournalMigration[],
  applied: AppliedMigration[],
): { unknown: string[]; missing: string[] } {
  const key = (m: { hash: string; when: number }) => `${m.hash}@${m.when}`;
  const known = new Set(journal.map(key));
  const done = new Set(applied.map(key));
  const unknown = applied
    .filter((a) => !known.has(key(a)))
    .map((a) => {
      const sameTime = journal.find((e) => e.when === a.when);
      return sameTime
        ? `${sameTime.tag} as it was before it was changed (hash ${a.hash.slice(0, 12)}…)`
        : `one applied ${at(a.when)} (hash ${a.hash.slice(0, 12)}…)`;
    });
  const latest = applied.reduce((max, a) => Math.max(max, a.when), Number.NEGATIVE_INFINITY);
  const missing = journal.filter((e) => e.when <= latest && !done.has(key(e))).map((e) => e.tag);
  return { unknown, missing };
}

/**
 * The start's check before migrating: SchemaTooNewError for a database ahead of this release,
 * MigrationHistoryError for one holding a migration this release does not know or lacking an older one.
 */
export async function assertMigrationHistory(db: AnyDb, folder: string): Promise<void> {
  await assertSchemaNotNewer(db, folder);
  const { unknown, missing } = migrationHistoryProblems(
    journalMigrations(folder),
    await appliedMigrations(db),
  );
  if (unknown.length > 0 || missing.length > 0) throw new MigrationHistoryError(unknown, missing);
}
