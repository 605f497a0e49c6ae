import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from './database.js';

/**
 * The last statement of a migration (split where the migrator splits them): where our migrations
 * put the backfill of existing rows. For backfills run again outside the migrator: the benches'
 * data generator, and the test that proves a backfill computes what the live code writes.
 */
export function backfillOf(tag: string): string {
  const text = readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8');
  const statements = text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return statements[statements.length - 1]!;
}
