import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { insertJob } from '../jobs/job-repository.js';
import { rowsOf } from './database.js';
import { preparedPerDatabase, preparedStatement } from './prepared.js';

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

describe('preparedPerDatabase: builder queries built once per database handle', () => {
  it.each(testDatabaseKinds())(
    '%s: each handle builds its own once; every run binds its values and maps its rows',
    async (kind) => {
      const one = await openTestDatabase(kind);
      const two = await openTestDatabase(kind);
      try {
        let builds = 0;
        const byQueue = preparedPerDatabase((db) => {
          builds += 1;
          return db
            .select({ id: jobs.id, queue: jobs.queue, runAt: jobs.runAt })
            .from(jobs)
            .where(eq(jobs.queue, sql.placeholder('queue')))
            .prepare('test_jobs_by_queue');
        });
        const a = await insertJob(one.db, { queue: 'a', applicationId: null, payload: {} });
        await insertJob(one.db, { queue: 'b', applicationId: null, payload: {} });
        const other = await insertJob(two.db, { queue: 'a', applicationId: null, payload: {} });
        for (let i = 0; i < 3; i++) {
          const rows = await byQueue(one.db).execute({ queue: 'a' });
          expect(rows.map((r) => r.id)).toEqual([a]);
          // Drizzle's mapping still applies: names of the schema, a timestamp as a Date.
          expect(rows[0]?.runAt).toBeInstanceOf(Date);
        }
        expect((await byQueue(one.db).execute({ queue: 'b' })).map((r) => r.queue)).toEqual(['b']);
        expect(builds).toBe(1);
        // The other database's handle: its own query, its own rows.
        expect((await byQueue(two.db).execute({ queue: 'a' })).map((r) => r.id)).toEqual([other]);
        expect(builds).toBe(2);
      } finally {
        await one.close();
        await two.close();
      }
    },
  );
});
