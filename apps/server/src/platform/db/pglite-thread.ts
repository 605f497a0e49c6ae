import { Worker } from 'node:worker_threads';
import { type QueryOptions, type Results, types } from '@electric-sql/pglite';
import { isolatedEntry } from '../isolated-process.js';
import { type ParserTable, resultOf } from './pglite-answers.js';

// The embedded database on a thread of its own (pglite-worker.mjs says why). This side stands in
// for the PGlite instance drizzle's PGlite driver is given: drizzle only calls `query` and
// `transaction` on it, and `query` on a transaction. Each call is a message to the thread and its
// answer a message back; a transaction stays open in the thread until this side ends it.

/** What the thread is started with. */
export interface ThreadStart {
  /** A data directory on disk; neither this nor `dump`: in memory. */
  dataDir?: string | undefined;
  /** An uncompressed dump of a data directory to start an in-memory database from. */
  dump?: ArrayBuffer | undefined;
  /** Diagnostics: the thread writes its time per statement text to this file (pglite-worker.mjs). */
  statementTimesFile?: string | undefined;
}

/** A statement, in transaction number `transaction` or (0) alone; its answer is parsed on this side. */
export interface QueryRequest {
  id: number;
  op: 'query';
  transaction: number;
  text: string;
  params: unknown[];
}

export type ThreadRequest =
  | QueryRequest
  /** Opens transaction number `transaction`; its statements may follow at once. Not answered. */
  | { op: 'begin'; transaction: number }
  | { id: number; op: 'end'; transaction: number; commit: boolean }
  | { id: number; op: 'close' };

/**
 * A statement's answer as PostgreSQL wrote it, parsed on this side: its rows' description when the
 * thread described a prepared statement once (the answer then has none of its own), and the rest.
 */
export interface StatementOutput {
  rows: Uint8Array | null;
  answer: Uint8Array;
}

/** The thread's first answer, once its database is open. */
export interface ThreadReady {
  /** Each element type with its array type, as PGlite read them from the catalog as it opened. */
  arrayTypes: [number | null, number | null][];
}

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, string | number | boolean> };

/** A database error rebuilt from the thread's plain copy: message, name and PostgreSQL's fields. */
function rebuiltError(fields: Record<string, string | number | boolean>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

// PostgreSQL's codes for a server shut down and a server crashed: callers answer them as the
// database being unavailable (errors.ts isDatabaseUnavailable), not as a bug.
const ADMIN_SHUTDOWN = '57P01';
const CRASH_SHUTDOWN = '57P02';
const unavailable = (message: string, code: string) => Object.assign(new Error(message), { code });

/** The thread's entry: the `.mjs` beside this file from the sources, `pglite-worker.js` in dist/. */
const ENTRY = isolatedEntry(new URL('./pglite-worker.mjs', import.meta.url), 'pglite-worker');

const PROBE = '\u0000probe';
/** The text-kept type ids of a parser object, worked out once per object. */
const textTypesOf = new WeakMap<object, number[]>();

/**
 * The type ids of `parsers` (drizzle's keep timestamps, dates and intervals as PostgreSQL writes
 * them). Only parsers that keep the text as it is are supported, as answers are parsed with a table
 * built once per set of kept types (AnswerParser); any other is refused rather than silently dropped.
 */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse(PROBE, Number(type)) !== PROBE) {
        throw new Error(`type ${type}: only parsers that keep the text are supported on PGlite's thread`);
      }
      return Number(type);
    });
    textTypesOf.set(parsers, types);
  }
  return types;
}

const keepText = (value: string) => value;

/**
 * Parses statements' answers as the thread's PGlite would: its parser table (PGlite's own types
 * and the database's array types) with the kept types' text left as it is. A table is built once
 * per set of kept types: given parsers of its own, PGlite's parseResults copied its whole table of
 * 318 types into a new object for every statement (116 µs a call, docs/performance.md).
 */
class AnswerParser {
  private readonly base: ParserTable;
  private readonly byKept = new Map<string, ParserTable>();

  constructor(arrayTypes: ThreadReady['arrayTypes']) {
    const base: ParserTable = { ...types.parsers };
    for (const [oid, typarray] of arrayTypes) {
      if (oid === null || typarray === null) continue;
      // Looked up when called, as PGlite's own array parsers do.
      base[typarray] = (value: string) => types.arrayParser(value, base[oid] ?? keepText, typarray);
    }
    this.base = base;
  }

  results<T>(output: StatementOutput, rowMode: 'array' | 'object', kept: number[]): Results<T> {
    const chunks = output.rows ? [output.rows, output.answer] : [output.answer];
    return resultOf<T>(chunks, this.table(kept), rowMode);
  }

  private table(kept: number[]): ParserTable {
    const key = kept.join(',');
    let table = this.byKept.get(key);
    if (!table) {
      table = { ...this.base };
      for (const type of kept) table[type] = keepText;
      this.byKept.set(key, table);
    }
    return table;
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The part of PGlite's interface drizzle's driver uses, for one transaction or the whole database. */
export interface ThreadQueries {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

export class PgliteThread implements ThreadQueries {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransaction = 1;
  private stopped: Error | null = null;
  /** Set by `start` once the thread is ready, before anyone can call. */
  private answers!: AnswerParser;

  private constructor(
    private readonly worker: Worker,
    private readonly onLost: (error: Error) => void,
  ) {
    worker.on('message', (reply: ThreadReply) => this.settle(reply));
    worker.on('error', (error) => this.lose(`the embedded database's thread failed: ${error.message}`));
    worker.on('exit', (code) => this.lose(`the embedded database's thread stopped (exit code ${code})`));
    // Only a pending call keeps the process alive (as a query on the server's thread would).
    worker.unref();
  }

  /**
   * Starts the thread and waits until its database is open; a database that fails to open throws
   * here. `onLost` hears once of a thread that stopped without being closed (crashed, out of
   * memory): every call fails from then on, so the process had better be restarted.
   */
  static async start(start: ThreadStart, onLost: (error: Error) => void = () => {}): Promise<PgliteThread> {
    const worker = new Worker(ENTRY, {
      workerData: start,
      transferList: start.dump ? [start.dump] : [],
    });
    const thread = new PgliteThread(worker, onLost);
    try {
      const ready = (await thread.call(0, null)) as ThreadReady;
      thread.answers = new AnswerParser(ready.arrayTypes);
    } catch (error) {
      // Stopped first: a database that failed to open is the caller's error, not a lost thread.
      thread.stop(error instanceof Error ? error : new Error(String(error)));
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>(0, text, params, options);
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (its error
   * rethrown). Other calls wait in the thread until it ends, as they do in PGlite itself.
   */
  async transaction<T>(fn: (tx: ThreadQueries) => Promise<T>): Promise<T> {
    if (this.stopped) throw this.stopped;
    // Numbered here, so its first statement follows the begin without waiting for an answer.
    const transaction = this.nextTransaction++;
    this.worker.postMessage({ op: 'begin', transaction } satisfies ThreadRequest);
    const tx: ThreadQueries = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.run<R>(transaction, text, params, options),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.end(transaction, false).catch(() => {});
      throw error;
    }
    await this.end(transaction, true);
    return result;
  }

  /** Commits or rolls back transaction number `transaction`, once the thread has run what it was sent. */
  private end(transaction: number, commit: boolean): Promise<unknown> {
    const id = this.nextId++;
    return this.call(id, { id, op: 'end', transaction, commit });
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    const id = this.nextId++;
    try {
      await this.call(id, { id, op: 'close' });
    } finally {
      this.stop(unavailable('the database is closed', ADMIN_SHUTDOWN));
      await this.worker.terminate();
    }
  }

  private run<T>(
    transaction: number,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    let kept: number[];
    try {
      kept = textTypes(options?.parsers);
    } catch (error) {
      return Promise.reject(error);
    }
    const id = this.nextId++;
    const rowMode = options?.rowMode ?? 'object';
    return this.call(id, { id, op: 'query', transaction, text, params }).then((output) =>
      this.answers.results<T>(output as StatementOutput, rowMode, kept),
    );
  }

  /** Posts `request` (none for the start) and waits for the reply with `id`. */
  private call(id: number, request: ThreadRequest | null): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      if (request) this.worker.postMessage(request);
    });
  }

  private settle(reply: ThreadReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuiltError(reply.error));
  }

  /** The thread stopped by itself: calls fail as a crashed PostgreSQL's would, and `onLost` hears of it. */
  private lose(message: string): void {
    if (this.stopped) return;
    const error = unavailable(message, CRASH_SHUTDOWN);
    this.stop(error);
    this.onLost(error);
  }

  /** Fails every waiting call: the thread is gone (closed, crashed or out of memory). */
  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}
