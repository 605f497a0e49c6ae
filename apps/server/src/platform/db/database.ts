import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import type { Db } from './db-type.js';
import { PgliteThread } from './pglite-thread.js';
import { registerPipelinedPool } from './pipelined-transaction.js';
import { assertMigrationHistory } from './schema-version.js';

export type Schema = typeof schema;

export type { Db } from './db-type.js';
/** The same connection with drizzle's relational queries (`.query.<table>`), for tests' reads. */
export type RelationalDb = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  relational: RelationalDb;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (for health checks and tests). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The extensions the migrations create (0046: pg_trgm), which an embedded database loads when it
 * starts: PostgreSQL finds them installed, PGlite only when it is given them.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The migrations folder, found both from source (tsx/vitest) and from the bundled dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../db/migrations'),
    path.resolve(here, 'migrations'),
    path.resolve(here, '../src/db/migrations'),
  ];
  const found = candidates.find((c) => existsSync(path.join(c, 'meta', '_journal.json')));
  if (found) return found;
  throw new Error(`migrations folder not found near ${here}`);
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite; `memory://` for an in-memory database (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * For an in-memory PGlite: start from this dump of a data directory (`migratedPgliteDump`)
   * instead of an empty cluster, which skips initdb and the migrations already in it.
   */
  pgliteDump?: Blob | undefined;
  /** PGlite's thread stopped without being closed (crashed): every query fails from then on. */
  onEmbeddedLost?: ((error: Error) => void) | undefined;
  /** A file where PGlite's thread writes its time per statement text (the messaging bench). */
  pgliteStatementTimes?: string | undefined;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : openPglite(opts);
}

/**
 * An in-memory PGlite migrated to the latest schema, as an uncompressed dump of its data
 * directory: test databases load it (2–3 s) rather than initdb and migrate each (6–14 s).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const { dataDir, pgliteDump: dump, onEmbeddedLost: onLost } = opts;
  const inMemory = dataDir === 'memory://';
  let lock: DataDirLock | null = null;
  let dir = dataDir;
  if (!inMemory) {
    lock = lockDataDir(dataDir);
    dir = path.join(dataDir, 'pglite');
  }
  // On a thread of its own (pglite-thread.ts): its statements never hold up the server's thread.
  // A database that fails to open has closed its thread already.
  const client = await PgliteThread.start(
    {
      ...(inMemory ? { dump: dump ? await dump.arrayBuffer() : undefined } : { dataDir: dir }),
      statementTimesFile: opts.pgliteStatementTimes,
    },
    onLost,
  ).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  try {
    // drizzle's PGlite driver only calls `query` and `transaction`, which the thread answers.
    const db = drizzlePglite(client as unknown as PGlite);
    await assertMigrationHistory(db, migrationsFolder());
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      relational: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as RelationalDb,
      kind: 'pglite',
      async ping() {
        await client.query('select 1');
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    // The data directory is let go only once its database is closed.
    await client.close().catch(() => {});
    lock?.release();
    throw err;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // Pipelined: a query goes out without waiting for the one before (pipelined-transaction.ts).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  // The same for a client checked out between two queries (a transaction's): without a listener its
  // 'error' (PostgreSQL reset every connection after a backend crash) killed the process. Its
  // pending query fails by itself and the pool drops the client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool);
  try {
    await migrateUnderLock(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  registerPipelinedPool(db as unknown as Db, pool);
  return {
    db: db as unknown as Db,
    relational: drizzlePg(pool, { schema }) as unknown as RelationalDb,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * The advisory lock every node takes around its migrations (any fixed 64-bit number; advisory locks
 * are per database, so two databases on one server do not wait for each other).
 */
export const MIGRATION_LOCK_KEY = 7_364_210_955_001n;

/**
 * Checks the schema version and migrates on one connection holding the migration lock: nodes
 * started together on one PostgreSQL database take turns, and each one after the first finds the
 * migrations applied (drizzle's migrator alone would let both create its table and apply the same
 * migrations at once). A node that dies while holding it loses its connection, which frees the lock.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const db = drizzlePg(client, { schema });
      await assertMigrationHistory(db, migrationsFolder());
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (err) {
    // Not returned to the pool: a connection in an unknown state may still hold the lock.
    broken = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`, but the shared type cannot say so. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('raw query returned no rows array');
  return rows as T[];
}
