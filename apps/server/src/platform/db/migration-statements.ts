import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from './database.js';

/**
 * The statements of one migration file, split where the migrator splits them. For backfills run
 * again outside the migrator: the benches' data generator, and the tests that prove a backfill
 * computes what the live code writes.
 */
export function migrationStatements(tag: string): string[] {
  const text = readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The last statement of a migration: where our migrations put the backfill of existing rows. */
export function backfillOf(tag: string): string {
  const statements = migrationStatements(tag);
  return statements[statements.length - 1]!;
}
