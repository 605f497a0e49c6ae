import pg from 'pg';
import type { Row } from './stats.js';

// PostgreSQL's execution time per statement over one load, from pg_stat_statements: where the
// database's share of a message goes (which statement, how many microseconds a message). Only when
// the server has the module preloaded (shared_preload_libraries); otherwise one row says how.

const HOW = "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', then restart PostgreSQL";

export interface StatementTimes {
  /** Starts counting now (forgets this database's earlier statements). */
  reset(): Promise<void>;
  /** The costliest statements since `reset`, in microseconds of execution per message. */
  rows(label: string, messages: number, top?: number): Promise<Row[]>;
  close(): Promise<void>;
}

/** One statement's time over a load: its text, how many runs, milliseconds in all. */
export interface StatementTime {
  query: string;
  calls: number | string;
  ms: number;
}

/** The rows of `found` (costliest first): all statements, then the `top` costliest, per message. */
export function statementRows(
  label: string,
  database: string,
  found: readonly StatementTime[],
  messages: number,
  top: number,
): Row[] {
  const us = (ms: number) => `${((ms * 1000) / messages).toFixed(1)} µs`;
  const all = found.reduce((sum, r) => sum + r.ms, 0);
  return [
    {
      figure: `${label}: ${database} execution per message, every statement`,
      value: us(all),
      budget: '–',
      pass: null,
    },
    ...found.slice(0, top).map((r) => ({
      figure: `${label}:   ${r.query.replace(/\s+/g, ' ').trim().slice(0, 70)}… (${r.calls} calls)`,
      value: us(r.ms),
      budget: '–',
      pass: null,
    })),
  ];
}

/** A reader for the database at `url`, or the row saying how to load pg_stat_statements when it is not. */
export async function statementTimes(url: string): Promise<StatementTimes | Row> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ loaded: boolean }>(
    `select 'pg_stat_statements' = any(string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ',')) as loaded`,
  );
  if (!rows[0]?.loaded) {
    await client.end();
    return {
      figure: `postgres: time per statement (pg_stat_statements; ${HOW})`,
      value: 'not loaded',
      budget: '–',
      pass: null,
    };
  }
  await client.query('create extension if not exists pg_stat_statements');
  const dbid = (
    await client.query<{ oid: number }>('select oid from pg_database where datname = current_database()')
  ).rows[0]!.oid;
  return {
    async reset() {
      await client.query('select pg_stat_statements_reset(0, $1::oid, 0)', [dbid]);
    },
    async rows(label, messages, top = 5) {
      const found = await client.query<StatementTime>(
        `select query, calls, total_exec_time as ms from pg_stat_statements
         where dbid = $1 and query not like '%pg_stat_statements%' order by total_exec_time desc`,
        [dbid],
      );
      return statementRows(label, 'PostgreSQL', found.rows, messages, top);
    },
    close: () => client.end(),
  };
}
