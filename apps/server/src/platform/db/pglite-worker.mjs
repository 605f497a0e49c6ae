// @ts-check
import { renameSync, writeFileSync } from 'node:fs';
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
/** @typedef {import('./pglite-thread.js').StatementOutput} StatementOutput */

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
 * less a transaction); they wait here for `begun`.
 * @typedef {{ begun: Promise<void>, end: (commit: boolean) => void, outcome: Promise<unknown> }} OpenTransaction
 */
/** @type {Map<number, OpenTransaction>} */
const open = new Map();

/** A rollback asked for by the server's thread (its own error travels there already). */
const ROLLBACK = new Error('rolled back');

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
 * @type {Map<string, { name: string, types: number[], rows: Uint8Array | null }>}
 */
const prepared = new Map();
/** Texts run once, to prepare the second time (a migration's statements run once and never again). */
/** @type {Set<string>} */
const seen = new Set();
let lastName = 0;

const ERROR_RESPONSE = 0x45; // 'E'
const ROW_DESCRIPTION = 0x54; // 'T'

/**
 * The backend messages of `bytes`, each as its type and where it lies (a message is its type, then
 * its length as a 32-bit integer counting itself, then its body).
 * @param {Uint8Array} bytes
 */
function* frames(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; ) {
    const end = at + 1 + view.getInt32(at + 1);
    if (end <= at + 4) return; // Not a message: nothing further can be read.
    yield { type: bytes[at], start: at, end };
    at = end;
  }
}

/** @param {Uint8Array} bytes */
function parsed(bytes) {
  /** @type {Parameters<typeof parse.parseResults>[0]} */
  const messages = [];
  new protocol.Parser().parse(bytes, (message) => messages.push(message));
  return messages;
}

/**
 * Frontend messages joined into one input: PostgreSQL reads them in turn (after an error it skips
 * to the next Sync), so a statement is one or two calls into PGlite instead of one a message.
 * @param {Uint8Array[]} parts
 */
function joined(...parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The backend's answer to `message` as PostgreSQL wrote it, unparsed: the server's thread parses
 * it (here, parsing answers and cloning their rows to post them took about an eighth of this
 * thread's time, and this thread runs every statement of the process). Only an error is parsed
 * here, and thrown.
 * @param {Uint8Array} message
 */
async function exec(message) {
  // The stream form: PGlite's execProtocolRaw parses what it returns all the same.
  /** @type {Uint8Array[]} */
  const chunks = [];
  await pg.execProtocolRawStream(message, {
    syncToFs: false,
    // A view of PGlite's memory, valid only during the call.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : joined(...chunks);
  for (const frame of frames(bytes)) {
    if (frame.type === ERROR_RESPONSE) {
      throw parsed(bytes.subarray(frame.start, frame.end))[0];
    }
  }
  return bytes;
}

/** @param {unknown[]} params @param {number[]} types */
function serialized(params, types) {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serialize = pg.serializers[types[i] ?? 0];
    return serialize ? serialize(value) : String(value);
  });
}

/**
 * One statement, as PGlite's own `query` runs it (parse, describe, bind, describe, execute, sync),
 * named and kept once it repeats: its rows' description (a prepared statement's, described once)
 * and the backend's answer, both unparsed. Runs under PGlite's query lock.
 * @param {string} text @param {unknown[]} params
 * @returns {Promise<import('./pglite-thread.js').StatementOutput>}
 */
async function statementOutput(text, params) {
  const { serialize } = protocol;
  let statement = prepared.get(text);
  let synced = false;
  try {
    if (!statement && seen.has(text) && prepared.size < MAX_PREPARED) {
      const name = `convo_${++lastName}`;
      const described = await exec(
        joined(serialize.parse({ name, text }), serialize.describe({ type: 'S', name })),
      );
      const rows = [...frames(described)].find((frame) => frame.type === ROW_DESCRIPTION);
      statement = {
        name,
        types: parse.parseDescribeStatementResults(parsed(described)),
        rows: rows ? described.slice(rows.start, rows.end) : null,
      };
      prepared.set(text, statement);
      seen.delete(text);
    }
    /** @type {StatementOutput} */
    let output;
    if (statement) {
      const values = serialized(params, statement.types);
      const run = joined(
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      );
      output = { rows: statement.rows, answer: await exec(run) };
    } else {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.add(text);
      const described = await exec(joined(serialize.parse({ text }), serialize.describe({ type: 'S' })));
      const values = serialized(params, parse.parseDescribeStatementResults(parsed(described)));
      const run = joined(
        serialize.bind({ values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      );
      output = { rows: null, answer: await exec(run) };
    }
    synced = true;
    return output;
  } catch (error) {
    // The statement's result changed shape under it (a table altered since): prepared anew next time.
    if (error instanceof Error && 'code' in error && error.code === '0A000') prepared.delete(text);
    throw error;
  } finally {
    // A failure before the Sync was read (one more Sync is harmless).
    if (!synced) await pg.execProtocolRawStream(serialize.sync(), { syncToFs: false, onRawData: () => {} });
  }
}

// Diagnostics for the messaging bench (bench/lib/pglite-statements.ts), off unless
// PGLITE_STATEMENT_TIMES names a file: the time each statement text ran, as pg_stat_statements
// gives it on PostgreSQL, written there four times a second (to a copy first, so a reader never
// sees half of it).
const TIMES_FILE = start.statementTimesFile ?? '';
/** Statement texts timed, at most; later ones are not counted. */
const MAX_TIMED = 1000;
/** @type {Map<string, { calls: number, ms: number }>} */
const times = new Map();
let timesChanged = false;
if (TIMES_FILE) {
  const writer = setInterval(() => {
    if (!timesChanged) return;
    timesChanged = false;
    try {
      writeFileSync(`${TIMES_FILE}.part`, JSON.stringify([...times]));
      renameSync(`${TIMES_FILE}.part`, TIMES_FILE);
    } catch {
      // Diagnostics only: a file that cannot be written stops them, never the database.
      clearInterval(writer);
    }
  }, 250);
  writer.unref();
}

/** statementOutput, its time added to the statement's. @param {string} text @param {unknown[]} params */
async function timedStatementOutput(text, params) {
  const started = performance.now();
  try {
    return await statementOutput(text, params);
  } finally {
    const spent = times.get(text) ?? (times.size < MAX_TIMED ? { calls: 0, ms: 0 } : null);
    if (spent) {
      spent.calls += 1;
      spent.ms += performance.now() - started;
      times.set(text, spent);
      timesChanged = true;
    }
  }
}

/** A statement's run: timed only when the diagnostics are on (chosen once, not per statement). */
const runOutput = TIMES_FILE ? timedStatementOutput : statementOutput;

/**
 * One statement. In a transaction, which holds PGlite's transaction lock, it takes the query lock;
 * alone, it takes both and writes the data directory once it is done, as PGlite's own `query` does.
 * @param {import('./pglite-thread.js').QueryRequest} request
 */
function runStatement(request) {
  const run = () => runOutput(request.text, request.params);
  if (request.transaction !== 0) return pg.runExclusive(run);
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const output = await run();
      await pg.syncToFs();
      return output;
    }),
  );
}

/** @param {ThreadReply} reply @param {ArrayBuffer[]} [moved] buffers moved rather than copied */
const send = (reply, moved = []) => port.postMessage(reply, moved);

/**
 * Answers call `id` with the outcome of `work`; the buffers `moved` names go to the server's thread
 * rather than being copied (a statement's answer).
 * @template T
 * @param {number} id @param {Promise<T>} work @param {(value: T) => ArrayBuffer[]} [moved]
 */
function answer(id, work, moved = () => []) {
  work.then(
    (value) => send({ id, ok: true, value }, moved(value)),
    (error) => send({ id, ok: false, error: plainError(error) }),
  );
}

/** @param {StatementOutput} output */
const answerBytes = (output) => [/** @type {ArrayBuffer} */ (output.answer.buffer)];

/** @param {number} number */
function begin(number) {
  /** @type {() => void} */
  let started = () => {};
  /** @type {(error: unknown) => void} */
  let failed = () => {};
  /** @type {Promise<void>} */
  const begun = new Promise((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  // Nobody may be waiting for it (a transaction with no statement).
  begun.catch(() => {});
  /** @type {(commit: boolean) => void} */
  let end = () => {};
  const ended = new Promise((resolve) => {
    end = resolve;
  });
  // Its statements run on their own (statementOutput) under the transaction lock this holds.
  const outcome = pg.transaction(async () => {
    started();
    if (!(await ended)) throw ROLLBACK;
  });
  // A transaction that could not begin fails its statements (once begun, `begun` is settled and
  // this does nothing); its end answers with the outcome.
  outcome.catch(failed);
  open.set(number, { begun, end, outcome });
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
        answer(request.id, runStatement(request), answerBytes);
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
        transaction.begun.then(() => runStatement(request)),
        answerBytes,
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

// Ready: with the array types PGlite parses (it reads them from the catalog as it opens), which
// the server's thread needs to parse rows as PGlite would.
const ARRAY_TYPES = `select b.oid::int as oid, b.typarray::int as typarray
  from pg_catalog.pg_type a left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;
pg.waitReady
  .then(() => pg.query(ARRAY_TYPES, [], { rowMode: 'array' }))
  .then(
    (types) => {
      /** @type {import('./pglite-thread.js').ThreadReady} */
      const ready = { arrayTypes: /** @type {[number, number][]} */ (types.rows) };
      send({ id: 0, ok: true, value: ready });
    },
    (error) => send({ id: 0, ok: false, error: plainError(error) }),
  );
