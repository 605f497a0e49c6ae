import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { type Db, rowsOf } from './database.js';
import { pipelinedTransaction } from './pipelined-transaction.js';

const valuesIn = async (db: Db) =>
  rowsOf<{ v: string }>(await db.execute(sql`select v from pipelined_probe order by v`)).map((r) => r.v);

const insert = (tx: Db, v: string) => tx.execute(sql`insert into pipelined_probe (v) values (${v})`);

/** A fresh database of `kind` with the probe table, closed after `work`. */
async function withProbe(kind: Parameters<typeof openTestDatabase>[0], work: (db: Db) => Promise<void>) {
  const database = await openTestDatabase(kind);
  try {
    await database.db.execute(sql`create table pipelined_probe (v text primary key)`);
    await work(database.db);
  } finally {
    await database.close();
  }
}

/** Socket writes made while `work` runs (every socket of the process). */
async function writesOf(work: () => Promise<unknown>): Promise<number> {
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => void>;
  const original = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  for (const name of ['_write', '_writev'] as const)
    socket[name] = function (this: unknown, ...args: unknown[]) {
      writes++;
      return original[name].apply(this, args);
    };
  try {
    await work();
  } finally {
    Object.assign(socket, original);
  }
  return writes;
}

describe('pipelinedTransaction: BEGIN with the first statement, COMMIT with the last', () => {
  it.each(testDatabaseKinds())(
    '%s: commits, rolls back a failed last statement or a throw, and leaves the connection usable',
    async (kind) => {
      await withProbe(kind, async (db) => {
        // Committed with the last statement; the value of the work is returned.
        const value = await pipelinedTransaction(db, async (tx, pipeline) => {
          await insert(tx, 'a');
          await pipeline.commitWith(() => insert(tx, 'b'));
          return 42;
        });
        expect(value).toBe(42);
        expect(await valuesIn(db)).toEqual(['a', 'b']);

        // The last statement fails (a duplicate key): the COMMIT sent behind it rolls back 'c' too.
        await expect(
          pipelinedTransaction(db, async (tx, pipeline) => {
            await insert(tx, 'c');
            await pipeline.commitWith(() => insert(tx, 'a'));
          }),
        ).rejects.toThrow();
        expect(await valuesIn(db)).toEqual(['a', 'b']);

        // A throw before the last statement rolls back.
        await expect(
          pipelinedTransaction(db, async (tx) => {
            await insert(tx, 'd');
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect(await valuesIn(db)).toEqual(['a', 'b']);

        // A last step that runs no statement: committed after it. Statements run concurrently
        // inside keep their order on the one connection.
        await pipelinedTransaction(db, async (tx, pipeline) => {
          await Promise.all([insert(tx, 'e'), insert(tx, 'f')]);
          await pipeline.commitWith(async () => undefined);
        });
        expect(await valuesIn(db)).toEqual(['a', 'b', 'e', 'f']);

        // Savepoints inside work as in drizzle's transactions.
        await pipelinedTransaction(db, async (tx) => {
          await insert(tx, 'g');
          await tx
            .transaction(async (inner) => {
              await insert(inner, 'h');
              throw new Error('undo h');
            })
            .catch(() => undefined);
        });
        expect(await valuesIn(db)).toEqual(['a', 'b', 'e', 'f', 'g']);

        // Every connection of the pool is still usable, and none was left inside a transaction.
        await Promise.all(
          ['i', 'j', 'k', 'l', 'm', 'n'].map((v) =>
            pipelinedTransaction(db, async (tx, pipeline) => {
              await pipeline.commitWith(() => insert(tx, v));
            }),
          ),
        );
        expect(await valuesIn(db)).toEqual(['a', 'b', 'e', 'f', 'g', 'i', 'j', 'k', 'l', 'm', 'n']);

        // A first statement that comes only after a wait: BEGIN is not held back for it.
        await pipelinedTransaction(db, async (tx, pipeline) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          await pipeline.commitWith(() => insert(tx, 'o'));
        });
        expect(await valuesIn(db)).toContain('o');

        if (kind === 'postgres') {
          // BEGIN leaves in the first statement's write and COMMIT in the last one's: two writes
          // to the socket for a transaction of two statements (four before).
          const writes = await writesOf(() =>
            pipelinedTransaction(db, async (tx, pipeline) => {
              await insert(tx, 'p');
              await pipeline.commitWith(() => insert(tx, 'q'));
            }),
          );
          expect(writes).toBe(2);
          expect(await valuesIn(db)).toContain('q');

          const idle = rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`),
          );
          expect(idle[0]!.n).toBe(0);
        }
      });
    },
  );

  it.each(testDatabaseKinds())(
    '%s: statements held for the next one leave with it, never wait for ever, and a failed one rolls back',
    async (kind) => {
      await withProbe(kind, async (db) => {
        // drizzle writes a statement once its promise is asked for a result: ask at once.
        const started = (query: PromiseLike<unknown>) => Promise.resolve(query.then((r) => r));

        // One statement waited for, then two held ones: they leave with the last and its COMMIT.
        const writes = await writesOf(() =>
          pipelinedTransaction(db, async (tx, pipeline) => {
            await insert(tx, 'a');
            const held = [
              pipeline.holdForNext(() => started(insert(tx, 'b'))),
              pipeline.holdForNext(() => started(insert(tx, 'c'))),
            ];
            await pipeline.commitWith(() => insert(tx, 'd'));
            await Promise.all(held);
          }),
        );
        expect(await valuesIn(db)).toEqual(['a', 'b', 'c', 'd']);
        if (kind === 'postgres') expect(writes).toBe(2);

        // Held with nothing behind it: it still leaves (and is answered), then the COMMIT.
        await pipelinedTransaction(db, async (tx, p) => {
          await p.holdForNext(() => started(insert(tx, 'e')));
        });
        expect(await valuesIn(db)).toContain('e');

        // A held statement fails (a duplicate key): nothing of the transaction stays.
        await expect(
          pipelinedTransaction(db, async (tx, p) => {
            const held = p.holdForNext(() => started(insert(tx, 'a')));
            held.catch(() => undefined);
            await p.commitWith(() => insert(tx, 'f'));
            await held;
          }),
        ).rejects.toThrow();
        expect(await valuesIn(db)).toEqual(['a', 'b', 'c', 'd', 'e']);
      });
    },
  );
});
