import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { rowsOf } from './database.js';

// Migration 0048: the GIN indexes every send writes merge a small pending list often instead of a
// 4 MB one inside an unlucky send's statement; both databases get the setting from the migration.
describe.each(testDatabaseKinds())('GIN indexes on the send path on %s', (kind) => {
  it('have a 256 kB pending list', async () => {
    const database = await openTestDatabase(kind);
    try {
      const rows = rowsOf<{ relname: string; reloptions: string[] | null }>(
        await database.db.execute(
          sql`select relname, reloptions from pg_class
            where relname in ('messages_search_idx', 'conversations_name_trgm_idx') order by relname`,
        ),
      );
      expect(rows.map((r) => [r.relname, r.reloptions])).toEqual([
        ['conversations_name_trgm_idx', ['gin_pending_list_limit=256']],
        ['messages_search_idx', ['gin_pending_list_limit=256']],
      ]);
    } finally {
      await database.close();
    }
  });
});
