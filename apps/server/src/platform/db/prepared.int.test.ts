import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { rowsOf } from './database.js';
import { executePrepared } from './prepared.js';

describe('executePrepared: hand-written hot statements as named prepared statements', () => {
  it.each(testDatabaseKinds())(
    '%s: the same text runs again with other parameters, other texts beside it, in and out of transactions',
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        const { db } = database;
        const twice = (n: number) => executePrepared(db, sql`select ${n}::int * 2 as v`);
        const plus = (n: number) => executePrepared(db, sql`select ${n}::int + 1 as v`);
        for (let n = 1; n <= 8; n++) {
          expect(rowsOf<{ v: number }>(await twice(n))[0]?.v).toBe(n * 2);
          expect(rowsOf<{ v: number }>(await plus(n))[0]?.v).toBe(n + 1);
        }
        // A transaction's own connection prepares it too, and its writes stay its own.
        await db.transaction(async (tx) => {
          expect(
            rowsOf<{ v: number }>(await executePrepared(tx, sql`select ${21}::int * 2 as v`))[0]?.v,
          ).toBe(42);
        });
        // More distinct texts than the bound: the later ones run unnamed, with the same answers.
        for (let i = 0; i < 80; i++) {
          const rows = rowsOf<{ v: string }>(
            await executePrepared(db, sql`select ${`x${i}`}::text || ${sql.raw(`'-${i}'`)} as v`),
          );
          expect(rows[0]?.v).toBe(`x${i}-${i}`);
        }
        expect(rowsOf<{ v: number }>(await twice(50))[0]?.v).toBe(100);
      } finally {
        await database.close();
      }
    },
  );
});
