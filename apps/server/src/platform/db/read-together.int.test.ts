import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import type { Database } from './database.js';
import { readTogether } from './read-together.js';

describe.each(testDatabaseKinds())('readTogether on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  /** A read that logs when it starts and ends. */
  const timedRead =
    (log: string[], name: string, db = database.db) =>
    async () => {
      log.push(`${name} start`);
      await db.execute(sql`select 1`);
      log.push(`${name} end`);
      return name;
    };

  it('answers in order, and starts every read at once outside a transaction', async () => {
    const log: string[] = [];
    const result = await readTogether(database.db, timedRead(log, 'a'), timedRead(log, 'b'));
    expect(result).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('runs them one after the other inside a transaction', async () => {
    const log: string[] = [];
    const result = await database.db.transaction((tx) =>
      readTogether(tx, timedRead(log, 'a', tx), timedRead(log, 'b', tx)),
    );
    expect(result).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
