import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './db-type.js';

// A transaction on PostgreSQL costs a round trip for BEGIN and one for COMMIT beside its own
// statements: on the send path, two of a batch's six, each one more wake-up of the server's event
// loop and of the database's backend (docs/performance.md, "Sends"). With the pool's connections in
// pipeline mode (node-postgres sends a query without waiting for the one before to finish), BEGIN
// goes out with the transaction's first statement and COMMIT right behind its last one.

/** The PostgreSQL pools whose connections pipeline, by the database handle opened on them. */
const pipelinedPools = new WeakMap<Db, pg.Pool>();

/** Marks `db` as opened on `pool`, whose clients were created with `pipeline: true`. */
export function registerPipelinedPool(db: Db, pool: pg.Pool): void {
  pipelinedPools.set(db, pool);
}

export interface Pipeline {
  /**
   * Runs the transaction's last statement with COMMIT sent right behind it. `last` must start
   * exactly one statement (a second one would follow the COMMIT, outside the transaction); one
   * that starts none gets the COMMIT after it instead. If the statement fails, PostgreSQL turns
   * the COMMIT into a rollback.
   */
  commitWith<R>(last: () => Promise<R>): Promise<R>;
  /**
   * Runs `issue`, whose statements wait in the client for the transaction's next statement and
   * leave with it in one write (at the latest once the event loop has run what is queued now).
   */
  holdForNext<T>(issue: () => T): T;
}

const dialect = new PgDialect();
const noop = () => {};
const direct: Pipeline = { commitWith: (last) => last(), holdForNext: (issue) => issue() };

// Each query node-postgres sends is its own write to the socket, and on loopback a write also
// wakes the database's backend: BEGIN and COMMIT were a write and a wake-up each beside their
// statement. The socket is corked from BEGIN until the first statement is written, and from the
// last statement until its COMMIT is, so each pair leaves in one write (docs/performance.md).
// Statements whose answers nobody waits for before the next one (`holdForNext`) are held the same
// way: a batch of sends writes its insert, updates, events and COMMIT in one write.

/** The ends of one transaction: COMMIT waiting for the last statement. */
interface PendingCommit {
  /** Set by `commitWith` for the statement it runs: COMMIT goes out right behind it. */
  armed: boolean;
  /** The COMMIT once sent behind that statement. */
  sent: Promise<pg.QueryResult> | null;
}

/** What drizzle queries through for one pooled connection: the client, with COMMIT slipped in on request. */
class PipelinedConnection {
  readonly tx: Db;
  /** The transaction running on this connection now; a connection runs one at a time. */
  current: PendingCommit = { armed: false, sent: null };
  /** Corks of writes held for the next statement (BEGIN's, and those of `holdForNext`). */
  private held = 0;
  /** Inside `holdForNext`: statements written now are held. */
  holding = false;

  constructor(readonly client: pg.PoolClient) {
    // drizzle only calls `query` on its client; this object stands in for the pooled client.
    const session = new NodePgSession(this as unknown as pg.PoolClient, dialect, undefined);
    this.tx = new NodePgTransaction(dialect, session, undefined) as unknown as Db;
  }

  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const commit = this.current;
    const stream = this.client.connection.stream;
    // Corked while the statement (and an armed COMMIT behind it) is written: one write for both.
    stream.cork();
    try {
      const result = this.client.query(config, values);
      if (commit.armed) {
        commit.armed = false;
        commit.sent = this.client.query('commit');
        commit.sent.catch(noop);
      }
      return result;
    } finally {
      if (this.holding) this.hold();
      else {
        stream.uncork();
        this.flush();
      }
    }
  }

  /** Sends BEGIN, held until the first statement (or, if none comes at once, the next tick). */
  begin(): Promise<pg.QueryResult> {
    this.client.connection.stream.cork();
    const begin = this.client.query('begin');
    begin.catch(noop);
    this.held += 1;
    const commit = this.current;
    process.nextTick(() => {
      if (this.current === commit) this.flush();
    });
    return begin;
  }

  /** Keeps the write just corked for the next statement; it leaves by the next turn of the loop at the latest. */
  private hold(): void {
    this.held += 1;
    if (this.held === 1) setImmediate(() => this.flush());
  }

  /** Lets every held write go, with whatever was written behind it. */
  flush(): void {
    const stream = this.client.connection.stream;
    for (; this.held > 0; this.held--) stream.uncork();
  }
}

/**
 * The transaction's `commitWith`: arms its COMMIT for the next statement written, whenever `last`
 * writes it (drizzle's `tx.execute` writes its statement only once awaited, a tick later).
 */
function pipelineOf(conn: PipelinedConnection, commit: PendingCommit): Pipeline {
  return {
    commitWith: <R>(last: () => Promise<R>) => {
      commit.armed = true;
      return last();
    },
    holdForNext: <T>(issue: () => T) => {
      conn.holding = true;
      try {
        return issue();
      } finally {
        conn.holding = false;
      }
    },
  };
}

/** One per pooled connection: a pool reuses its clients, so this is built once per connection. */
const connections = new WeakMap<pg.PoolClient, PipelinedConnection>();

/**
 * Runs `fn` in a transaction, pipelined on PostgreSQL (above); elsewhere (PGlite, or `db` already a
 * transaction) it is drizzle's own transaction and `commitWith` simply runs the statement.
 */
export async function pipelinedTransaction<T>(
  db: Db,
  fn: (tx: Db, pipeline: Pipeline) => Promise<T>,
): Promise<T> {
  const pool = pipelinedPools.get(db);
  if (!pool) return db.transaction((tx) => fn(tx, direct));
  const client = await pool.connect();
  let conn = connections.get(client);
  if (!conn) {
    conn = new PipelinedConnection(client);
    connections.set(client, conn);
  }
  const commit: PendingCommit = { armed: false, sent: null };
  conn.current = commit;
  // Not awaited here: the first statement follows it on the wire. If it fails, so does that statement.
  const begin = conn.begin();
  try {
    const value = await fn(conn.tx, pipelineOf(conn, commit));
    await begin;
    // A COMMIT not sent behind a statement goes out now, with any write still held.
    const ending = commit.sent ?? client.query('commit');
    conn.flush();
    const done = await ending;
    // A COMMIT in a failed transaction answers ROLLBACK without an error.
    if (done.command !== 'COMMIT') throw new Error('the transaction was rolled back at commit');
    client.release();
    return value;
  } catch (error) {
    commit.armed = false;
    conn.holding = false;
    conn.flush();
    try {
      // A COMMIT already sent behind a failed statement rolled the transaction back.
      if (commit.sent) await commit.sent;
      else await client.query('rollback');
      client.release();
    } catch (endError) {
      // A connection in an unknown state is closed, not returned to the pool.
      client.release(endError instanceof Error ? endError : new Error(String(endError)));
    }
    throw error;
  }
}
