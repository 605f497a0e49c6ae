import net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { type Db, rowsOf } from './database.js';
import { pipelinedTransaction } from './pipelined-transaction.js';

const valuesIn = async (db: Db) =>
  rowsOf<{ v: string }>(await db.execute(sql`select v from pipelined_probe order by v`)).map((r) => r.v);

describe('pipelinedTransaction: BEGIN with the first statement, COMMIT with the last', () => {
  it.each(testDatabaseKinds())(
    '%s: commits, rolls back a failed last statement or a throw, and leaves the connection usable',
    async (kind) => {
      const database = await openTestDatabase(kind);
      try {
        const { db } = database;
        await db.execute(sql`create table pipelined_probe (v text primary key)`);
        const insert = (tx: Db, v: string) => tx.execute(sql`insert into pipelined_probe (v) values (${v})`);

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
          const socket = net.Socket.prototype as unknown as Record<
            '_write' | '_writev',
            (...a: unknown[]) => void
          >;
          const original = { _write: socket._write, _writev: socket._writev };
          let writes = 0;
          for (const name of ['_write', '_writev'] as const)
            socket[name] = function (this: unknown, ...args: unknown[]) {
              writes++;
              return original[name].apply(this, args);
            };
          try {
            await pipelinedTransaction(db, async (tx, pipeline) => {
              await insert(tx, 'p');
              await pipeline.commitWith(() => insert(tx, 'q'));
            });
          } finally {
            Object.assign(socket, original);
          }
          expect(writes).toBe(2);
          expect(await valuesIn(db)).toContain('q');

          const idle = rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and state like 'idle in transaction%'`),
          );
          expect(idle[0]!.n).toBe(0);
        }
      } finally {
        await database.close();
      }
    },
  );
});
