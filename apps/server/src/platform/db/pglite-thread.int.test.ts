import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { type QueryOptions, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './database.js';
import { isDatabaseUnavailable, isUniqueViolation } from './errors.js';
import { PgliteThread, type ThreadQueries } from './pglite-thread.js';

// The embedded database runs on a thread of its own (pglite-worker.mjs): what drizzle and the
// services rely on must hold across the thread's messages.

/**
 * A thread started before a describe block's tests, `setup` run on it, and closed after them; its
 * calls go to the started thread.
 */
function startedThread(...setup: string[]): ThreadQueries & Pick<PgliteThread, 'transaction'> {
  let started: PgliteThread | null = null;
  const current = () => {
    if (!started) throw new Error('the thread starts before the tests');
    return started;
  };
  beforeAll(async () => {
    started = await PgliteThread.start({});
    for (const statement of setup) await started.query(statement);
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      current().query<T>(text, params, options),
    transaction: <T>(fn: (tx: ThreadQueries) => Promise<T>) => current().transaction(fn),
  };
}

describe('PGlite on its own thread', () => {
  const thread = startedThread('create table probe (id int primary key, at timestamptz, tags text[])');

  it('answers rows as objects or arrays, keeping as text the types whose parsers keep it', async () => {
    await thread.query(`insert into probe values (1, '2026-11-30 10:00:00+00', '{a,b}')`);
    const keep = { [types.TIMESTAMPTZ]: (value: string) => value };
    const objects = await thread.query<{ id: number; at: string; tags: string[] }>(
      'select id, at, tags from probe where id = $1',
      [1],
      { rowMode: 'object', parsers: keep },
    );
    expect(objects.rows).toEqual([{ id: 1, at: '2026-11-30 10:00:00+00', tags: ['a', 'b'] }]);
    const arrays = await thread.query<unknown[]>('select id, at from probe', [], { rowMode: 'array' });
    expect(arrays.rows[0]?.[0]).toBe(1);
    // Without the parser the thread's PGlite parses the timestamp itself.
    expect(arrays.rows[0]?.[1]).toBeInstanceOf(Date);
    expect(arrays.fields.map((f) => f.name)).toEqual(['id', 'at']);
  });

  it('refuses a parser that changes the text (answers are parsed with a table per set of kept types)', async () => {
    const parsers = { [types.INT4]: (value: string) => Number(value) * 2 };
    await expect(thread.query('select 1', [], { parsers })).rejects.toThrow(
      /only parsers that keep the text/,
    );
  });

  it("rethrows PostgreSQL's error with its fields (code, constraint, detail)", async () => {
    const error: unknown = await thread.query('insert into probe (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'probe_pkey', table: 'probe' });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('commits a transaction that resolves, rolls back one that throws, and serialises them', async () => {
    const value = await thread.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (2)');
      return 'done';
    });
    expect(value).toBe('done');

    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into probe (id) values (3)');
        throw failure;
      }),
    ).rejects.toBe(failure);

    // A failed statement inside: its error, and nothing of the transaction kept.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into probe (id) values (4)');
        await tx.query('insert into probe (id) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });

    // Two at once, and a statement outside both: each transaction sees only itself until it ends.
    const order: string[] = [];
    const slow = thread.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (5)');
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('slow');
    });
    const outside = thread.query<{ n: number }>('select count(*)::int as n from probe where id = 5');
    const quick = thread.transaction(async (tx) => {
      await tx.query('insert into probe (id) values (6)');
      order.push('quick');
    });
    await Promise.all([slow, quick]);
    expect(order).toEqual(['slow', 'quick']);
    expect((await outside).rows[0]?.n).toBe(1);

    const ids = await thread.query<{ id: number }>('select id from probe order by id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 5, 6]);
  });
});

describe('a thread that stops by itself', () => {
  it('throws a database that fails to open from start, without calling it lost', async () => {
    const lost: Error[] = [];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'convo-pglite-bad-'));
    try {
      // A data directory that is a file, not a directory.
      const file = path.join(dir, 'not-a-directory');
      writeFileSync(file, 'x');
      await expect(PgliteThread.start({ dataDir: file }, (error) => lost.push(error))).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails waiting and later calls as an unavailable database, and says so once', async () => {
    const lost: Error[] = [];
    const thread = await PgliteThread.start({}, (error) => lost.push(error));
    const waiting = thread.query('select pg_sleep(0.5)');
    // As a crash would: the thread goes away without being closed.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    const failed: unknown = await waiting.catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '57P02' });
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(isDatabaseUnavailable(await thread.query('select 1').catch((e: unknown) => e))).toBe(true);
    expect(thread.closed).toBe(true);
    expect(lost).toHaveLength(1);
    await thread.close();
    expect(lost).toHaveLength(1);
  });
});

describe("a transaction's statements, prepared once they repeat", () => {
  const thread = startedThread('create table shape (id int primary key, note text)');

  const insert = 'insert into shape (id, note) values ($1, $2) returning id, note';
  const all = 'select * from shape order by id';

  it('answers a repeated statement the same each time, its values serialised as PGlite does', async () => {
    for (let id = 1; id <= 4; id++) {
      const row = await thread.transaction(async (tx) => (await tx.query(insert, [id, `n${id}`])).rows[0]);
      expect(row).toEqual({ id, note: `n${id}` });
    }
    // null, a number given for a text parameter: as PGlite's own query serialises them.
    await thread.transaction(async (tx) => {
      await tx.query(insert, [5, null]);
      await tx.query(insert, [6, 42]);
    });
    const rows = await thread.query<{ id: number; note: string | null }>(all);
    expect(rows.rows.slice(4)).toEqual([
      { id: 5, note: null },
      { id: 6, note: '42' },
    ]);
  });

  it("fails a prepared statement with PostgreSQL's error and rolls its transaction back", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(insert, [7, 'kept?']);
        await tx.query(insert, [1, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 'shape_pkey' });
    const seven = await thread.query('select 1 from shape where id = 7');
    expect(seven.rows).toEqual([]);
    // The statement is still prepared and usable.
    await thread.transaction((tx) => tx.query(insert, [7, 'now']));
  });

  it('prepares a statement anew once the table it reads changed shape', async () => {
    const read = () =>
      thread.transaction(async (tx) => (await tx.query<Record<string, unknown>>(all)).rows[0]);
    await read();
    await read();
    await thread.query('alter table shape add column extra int');
    // PostgreSQL refuses the old statement once (its result changed shape), then it is prepared again.
    await read().catch((error: unknown) => expect(error).toMatchObject({ code: '0A000' }));
    expect(await read()).toEqual({ id: 1, note: 'n1', extra: null });
  });
});

describe('statements outside a transaction, prepared once they repeat', () => {
  const thread = startedThread(
    'create table alone (id int primary key, at timestamptz)',
    `insert into alone values (1, '2026-11-30 10:00:00+00')`,
  );

  const read = 'select id, at from alone where id = $1';

  it('parses each run with its own kept types, prepared or not', async () => {
    const keep = { [types.TIMESTAMPTZ]: (value: string) => value };
    for (let run = 0; run < 3; run++) {
      const kept = await thread.query<{ id: number; at: unknown }>(read, [1], { parsers: keep });
      expect(kept.rows).toEqual([{ id: 1, at: '2026-11-30 10:00:00+00' }]);
      const parsed = await thread.query<{ id: number; at: unknown }>(read, [1]);
      expect(parsed.rows[0]?.at).toEqual(new Date('2026-11-30T10:00:00Z'));
    }
  });

  it('commits each on its own, and prepares one anew once its table changed shape', async () => {
    const insert = 'insert into alone (id) values ($1)';
    await thread.query(insert, [2]);
    await thread.query(insert, [3]);
    await expect(thread.query(insert, [3])).rejects.toMatchObject({ code: '23505' });
    // A failed statement left nothing open: the next one runs.
    expect((await thread.query('select count(*)::int as n from alone')).rows).toEqual([{ n: 3 }]);
    const all = 'select * from alone where id = $1';
    await thread.query(all, [1]);
    await thread.query(all, [1]);
    await thread.query('alter table alone add column extra int');
    await thread.query(all, [1]).catch((error: unknown) => expect(error).toMatchObject({ code: '0A000' }));
    expect((await thread.query(all, [1])).rows[0]).toMatchObject({ id: 1, extra: null });
  });
});

describe('time per statement, when PGLITE_STATEMENT_TIMES names a file (the messaging bench)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'convo-times-'));
  const file = path.join(dir, 'times.json');
  let thread: PgliteThread | null = null;
  beforeAll(async () => {
    thread = await PgliteThread.start({ statementTimesFile: file });
  });
  afterAll(async () => {
    await thread?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds each run of a statement text to its calls and time, written a few times a second', async () => {
    const text = 'select $1::int as n';
    for (let run = 0; run < 3; run++) await thread?.query(text, [run]);
    let timed: { calls: number; ms: number } | undefined;
    for (let wait = 0; wait < 40 && timed?.calls !== 3; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (!existsSync(file)) continue;
      timed = new Map(
        JSON.parse(readFileSync(file, 'utf8')) as [string, { calls: number; ms: number }][],
      ).get(text);
    }
    expect(timed?.calls).toBe(3);
    expect(timed?.ms).toBeGreaterThan(0);
  });
});

describe('openDatabase on PGlite', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'convo-pglite-thread-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps what it wrote in its data directory across a close, and refuses queries once closed', async () => {
    let database: Database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table kept (v text)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values ('a')`);
    });
    await database.close();
    // drizzle wraps the thread's error as its cause.
    const closed: unknown = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect((closed as { cause?: unknown }).cause).toMatchObject({ message: 'the database is closed' });

    database = await openDatabase({ dataDir: dir });
    try {
      expect(rowsOf<{ v: string }>(await database.db.execute(sql`select v from kept`))).toEqual([{ v: 'a' }]);
    } finally {
      await database.close();
    }
  });
});
