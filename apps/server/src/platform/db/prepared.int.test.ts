import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { rowsOf } from './database.js';
import { preparedStatement } from './prepared.js';

const firstV = async (result: Promise<unknown>) => rowsOf<{ v: unknown }>(await result)[0]?.v;

describe('preparedStatement: hand-written hot statements, built once, as named prepared statements', () => {
  it.each(testDatabaseKinds())(
    '%s: the same text runs again with other values, other texts beside it, in and out of transactions',
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        const { db } = database;
        let builds = 0;
        const twice = preparedStatement<{ n: number }>(() => {
          builds += 1;
          return sql`select ${sql.placeholder('n')}::int * 2 as v`;
        });
        // One value in two places.
        const plus = preparedStatement<{ n: number }>(
          () => sql`select ${sql.placeholder('n')}::int + ${sql.placeholder('n')}::int + 1 as v`,
        );
        for (let n = 1; n <= 8; n++) {
          expect(await firstV(twice(db, { n }))).toBe(n * 2);
          expect(await firstV(plus(db, { n }))).toBe(2 * n + 1);
        }
        expect(builds).toBe(1);
        // A transaction's own connection prepares it too.
        await db.transaction(async (tx) => {
          expect(await firstV(twice(tx, { n: 21 }))).toBe(42);
        });
        // More distinct texts than the bound: the later ones run unnamed, with the same answers.
        for (let i = 0; i < 80; i++) {
          const suffix = preparedStatement<{ x: string }>(
            () => sql`select ${sql.placeholder('x')}::text || ${sql.raw(`'-${i}'`)} as v`,
          );
          expect(await firstV(suffix(db, { x: `x${i}` }))).toBe(`x${i}-${i}`);
        }
        expect(await firstV(twice(db, { n: 50 }))).toBe(100);
      } finally {
        await database.close();
      }
    },
  );
});
