import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import { rowsOf } from '../platform/db/database.js';
import { ident, type TableInfo } from './catalog.js';

// Rows move as PostgreSQL's own JSON text (row_to_json out, json_populate_recordset in): the
// database converts every type both ways, so PGlite and PostgreSQL agree and nothing is lost to
// JavaScript numbers or dates.

const FETCH_ROWS = 5000;

/** A table's rows (insertable columns) as JSON texts, in batches, through a cursor of `tx`. */
export async function* tableRows(
  tx: Db,
  table: TableInfo,
  columns = table.insertable,
): AsyncGenerator<string[]> {
  const cols = columns.map(ident).join(', ');
  await tx.execute(
    sql.raw(
      `declare convo_rows no scroll cursor for select row_to_json(r)::text as j from (select ${cols} from ${ident(table.name)}) r`,
    ),
  );
  try {
    for (;;) {
      const rows = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from convo_rows`)));
      if (rows.length === 0) break;
      yield rows.map((r) => r.j);
    }
  } finally {
    await tx.execute(sql.raw('close convo_rows'));
  }
}

/** Inserts JSON rows; `skipExisting` makes a repeated copy add no duplicates (ON CONFLICT DO NOTHING). */
export async function insertRows(
  tx: Db,
  table: TableInfo,
  columns: readonly string[],
  rows: readonly string[],
  skipExisting = false,
): Promise<void> {
  if (rows.length === 0) return;
  const cols = sql.raw(columns.map(ident).join(', '));
  const name = sql.raw(ident(table.name));
  await tx.execute(
    sql`insert into ${name} (${cols}) ${sql.raw(table.hasIdentity ? 'overriding system value ' : '')}select ${cols} from json_populate_recordset(null::${name}, ${`[${rows.join(',')}]`}::json)${sql.raw(skipExisting ? ' on conflict do nothing' : '')}`,
  );
}

/** Groups rows into insert batches of at most `maxRows` rows or about `maxChars` characters. */
export class RowBatch {
  private rows: string[] = [];
  private chars = 0;
  constructor(
    private readonly maxRows = 2000,
    private readonly maxChars = 4_000_000,
  ) {}
  /** Adds a row; true when the batch should be flushed. */
  add(row: string): boolean {
    this.rows.push(row);
    this.chars += row.length;
    return this.rows.length >= this.maxRows || this.chars >= this.maxChars;
  }
  take(): string[] {
    const rows = this.rows;
    this.rows = [];
    this.chars = 0;
    return rows;
  }
}
