import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

/**
 * Independent reads: at once on the pool, one after the other inside a transaction. A transaction
 * holds a single connection, where concurrent queries only queue (and node-postgres deprecates
 * issuing them).
 */
export async function readTogether<T extends unknown[]>(
  db: Db,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (db instanceof PgTransaction) {
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as T;
  }
  return (await Promise.all(reads.map((read) => read()))) as T;
}
