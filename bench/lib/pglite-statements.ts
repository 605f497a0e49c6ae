import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type StatementTime, type StatementTimes, statementRows } from './pg-statements.js';

// The embedded database's time per statement over one load: the server's PGlite thread writes the
// time of each statement text to the file PGLITE_STATEMENT_TIMES names, four times a second
// (apps/server/src/platform/db/pglite-worker.mjs); each load's figures are the difference of two
// readings. The same rows as pg_stat_statements gives on PostgreSQL (pg-statements.ts).

/** Long enough for the thread's next write after the last statement of a load. */
const SETTLE_MS = 400;

type Totals = Map<string, { calls: number; ms: number }>;

function read(file: string): Totals {
  if (!existsSync(file)) return new Map();
  return new Map(JSON.parse(readFileSync(file, 'utf8')) as [string, { calls: number; ms: number }][]);
}

/** A reader of the file the server's PGlite thread writes (the server started with it in its env). */
export function pgliteStatementTimes(file: string): StatementTimes {
  let before: Totals = new Map();
  return {
    async reset() {
      await sleep(SETTLE_MS);
      before = read(file);
    },
    async rows(label, messages, top = 5) {
      await sleep(SETTLE_MS);
      const found: StatementTime[] = [];
      for (const [query, now] of read(file)) {
        const then = before.get(query) ?? { calls: 0, ms: 0 };
        if (now.calls > then.calls)
          found.push({ query, calls: now.calls - then.calls, ms: now.ms - then.ms });
      }
      found.sort((a, b) => b.ms - a.ms);
      return statementRows(label, 'PGlite', found, messages, top);
    },
    async close() {},
  };
}
