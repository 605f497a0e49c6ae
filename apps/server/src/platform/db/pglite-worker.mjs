// @ts-check
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The embedded database's thread (pglite-thread.ts starts it): PGlite runs PostgreSQL compiled to
// WebAssembly, and each statement runs to its end without yielding, so on the server's own thread
// every statement held up the HTTP and WebSocket work of every visitor (event-loop lag p99 54 ms at
// 1,500 sends a second, docs/performance.md). Here it has a thread of its own: the server's thread
// posts a statement and goes on until the answer comes back.
// Plain JavaScript so the thread starts without a TypeScript loader, from the sources (tests, tsx)
// as from the bundle (dist/pglite-worker.js, build.mjs). Types: pglite-thread.ts's messages.

/** @typedef {import('./pglite-thread.js').ThreadRequest} ThreadRequest */
/** @typedef {import('./pglite-thread.js').ThreadReply} ThreadReply */
/** @typedef {import('./pglite-thread.js').ThreadStart} ThreadStart */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

/** @type {ThreadStart} */
const start = workerData;
// The same extensions the in-process database loads (database.ts PGLITE_EXTENSIONS).
const extensions = { pg_trgm };
const pg = start.dump
  ? new PGlite({ extensions, loadDataDir: new Blob([start.dump]) })
  : start.dataDir
    ? new PGlite(start.dataDir, { extensions })
    : new PGlite({ extensions });

/**
 * A transaction: PGlite's callback holds it open until the server's thread ends it. The server's
 * thread numbers it and sends its statements without waiting for it to begin (one round trip
 * less a transaction); they wait here for `tx`.
 * @typedef {{ tx: Promise<Transaction>, end: (commit: boolean) => void, outcome: Promise<unknown> }} OpenTransaction
 */
/** @type {Map<number, OpenTransaction>} */
const open = new Map();

/** A rollback asked for by the server's thread (its own error travels there already). */
const ROLLBACK = new Error('rolled back');

/** @param {string} value */
const keepText = (value) => value;
/**
 * Parser tables by the type ids whose text is kept as is (drizzle's timestamps and dates), each
 * PGlite's own table with those replaced, built once: given parsers of its own, PGlite's result
 * parsing copies its whole table (318 types) into a new object for every statement, 116 µs a
 * statement on this machine, an eighth of the thread's time under sends (docs/performance.md).
 * @type {Map<string, import('@electric-sql/pglite').ParserOptions>}
 */
const parsersByKey = new Map();
/** @param {number[]} textTypes */
function parsersFor(textTypes) {
  const key = textTypes.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = { ...pg.parsers };
    for (const type of textTypes) parsers[type] = keepText;
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

/**
 * An error as plain data: a thread's message cannot carry an Error's own fields (PostgreSQL's
 * code, constraint, detail…), which callers read (errors.ts isUniqueViolation).
 * @param {unknown} error
 * @returns {Record<string, string | number | boolean>}
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, string | number | boolean>} */
  const fields = { message: error.message, name: error.name };
  for (const [k, v] of Object.entries(error)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  }
  return fields;
}

// Statements run as named prepared statements once they repeat: PGlite's `query` parses, describes
// and plans every statement afresh (an unnamed statement), which was a third of its time on the
// send path (parse 128 µs, bind with its planning 210 µs, against 384 µs of execution, a
// statement). A text seen a second time is prepared once and then only bound and executed;
// PostgreSQL plans it afresh when the schema changes. The texts are the application's own
// (drizzle's, with values as parameters), so they are few; a bound keeps a runaway from growing
// without end, beyond which texts run unnamed as before.
const MAX_PREPARED = 200;
const MAX_SEEN = 5_000;
/**
 * A prepared statement: its parameters' types, and the description of its rows (or none), which
 * describing the statement answered once, so a run needs no Describe of its own.
 * @type {Map<string, { name: string, types: number[], rows: import('@electric-sql/pglite').BackendMessage[] }>}
 */
const prepared = new Map();
/** Texts run once, to prepare the second time (a migration's statements run once and never again). */
/** @type {Set<string>} */
const seen = new Set();
let lastName = 0;

/** @param {Uint8Array} message */
const exec = (message) => pg.execProtocolStream(message, { syncToFs: false });

/** @param {unknown[]} params @param {number[]} types */
function serialized(params, types) {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serialize = pg.serializers[types[i] ?? 0];
    return serialize ? serialize(value) : String(value);
  });
}

/**
 * The backend's messages for one statement, as PGlite's own `query` runs it (parse, describe,
 * bind, describe, execute, sync), named and kept once it repeats. Runs under PGlite's query lock.
 * @param {string} text @param {unknown[]} params
 */
async function statementMessages(text, params) {
  let statement = prepared.get(text);
  /** @type {import('@electric-sql/pglite').BackendMessage[]} */
  const messages = [];
  try {
    if (!statement && seen.has(text) && prepared.size < MAX_PREPARED) {
      const name = `convo_${++lastName}`;
      await exec(protocol.serialize.parse({ name, text }));
      const described = await exec(protocol.serialize.describe({ type: 'S', name }));
      statement = {
        name,
        types: parse.parseDescribeStatementResults(described),
        rows: described.filter((m) => m.name === 'rowDescription'),
      };
      prepared.set(text, statement);
      seen.delete(text);
    }
    if (statement) {
      const values = serialized(params, statement.types);
      messages.push(...(await exec(protocol.serialize.bind({ statement: statement.name, values }))));
      messages.push(...statement.rows);
    } else {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.add(text);
      messages.push(...(await exec(protocol.serialize.parse({ text }))));
      const types = parse.parseDescribeStatementResults(
        await exec(protocol.serialize.describe({ type: 'S' })),
      );
      messages.push(...(await exec(protocol.serialize.bind({ values: serialized(params, types) }))));
      messages.push(...(await exec(protocol.serialize.describe({ type: 'P' }))));
    }
    messages.push(...(await exec(protocol.serialize.execute({}))));
  } catch (error) {
    // The statement's result changed shape under it (a table altered since): prepared anew next time.
    if (error instanceof Error && 'code' in error && error.code === '0A000') prepared.delete(text);
    throw error;
  } finally {
    messages.push(...(await exec(protocol.serialize.sync())));
  }
  return messages;
}

/**
 * One statement and its rows. In a transaction, which holds PGlite's transaction lock, it takes the
 * query lock; alone, it takes both and writes the data directory once it is done, as PGlite's own
 * `query` does.
 * @param {import('./pglite-thread.js').QueryRequest} request
 */
function runStatement(request) {
  const rows = async () => {
    const messages = await statementMessages(request.text, request.params);
    return parse.parseResults(messages, parsersFor(request.textTypes), { rowMode: request.rowMode })[0];
  };
  if (request.transaction !== 0) return pg.runExclusive(rows);
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const result = await rows();
      await pg.syncToFs();
      return result;
    }),
  );
}

/** @param {ThreadReply} reply */
const send = (reply) => port.postMessage(reply);

/** @param {number} id @param {Promise<unknown>} work */
function answer(id, work) {
  work.then(
    (value) => send({ id, ok: true, value }),
    (error) => send({ id, ok: false, error: plainError(error) }),
  );
}

/** @param {number} number */
function begin(number) {
  /** @type {(tx: Transaction) => void} */
  let started = () => {};
  /** @type {(error: unknown) => void} */
  let failed = () => {};
  /** @type {Promise<Transaction>} */
  const tx = new Promise((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  // Nobody may be waiting for it (a transaction with no statement).
  tx.catch(() => {});
  /** @type {(commit: boolean) => void} */
  let end = () => {};
  const ended = new Promise((resolve) => {
    end = resolve;
  });
  const outcome = pg.transaction(async (t) => {
    started(t);
    if (!(await ended)) throw ROLLBACK;
  });
  // A transaction that could not begin fails its statements (once begun, `tx` is settled and this
  // does nothing); its end answers with the outcome.
  outcome.catch(failed);
  open.set(number, { tx, end, outcome });
}

/** @param {number} id @param {number} number @param {boolean} commit */
function end(id, number, commit) {
  const transaction = open.get(number);
  if (!transaction) {
    send({ id, ok: false, error: { message: `no open transaction ${number}` } });
    return;
  }
  open.delete(number);
  transaction.end(commit);
  answer(
    id,
    transaction.outcome.then(
      () => null,
      (error) => {
        if (error === ROLLBACK) return null;
        throw error;
      },
    ),
  );
}

port.on('message', (/** @type {ThreadRequest} */ request) => {
  switch (request.op) {
    case 'query': {
      if (request.transaction === 0) {
        answer(request.id, runStatement(request));
        return;
      }
      const transaction = open.get(request.transaction);
      if (!transaction) {
        send({ id: request.id, ok: false, error: { message: `no open transaction ${request.transaction}` } });
        return;
      }
      // Its statements wait for the transaction to begin (PGlite's transaction lock is then held).
      answer(
        request.id,
        transaction.tx.then(() => runStatement(request)),
      );
      return;
    }
    case 'begin':
      begin(request.transaction);
      return;
    case 'end':
      end(request.id, request.transaction, request.commit);
      return;
    case 'close':
      answer(
        request.id,
        (async () => {
          if (!pg.closed) await pg.close();
          return null;
        })(),
      );
      return;
  }
});

pg.waitReady.then(
  () => send({ id: 0, ok: true, value: null }),
  (error) => send({ id: 0, ok: false, error: plainError(error) }),
);
