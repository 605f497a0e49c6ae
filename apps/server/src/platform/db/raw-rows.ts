import { getTableColumns, getTableName, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A table's rows read with hand-written SQL, for hot paths where drizzle's query builder costs
 * more CPU than the database spends on the query: the column list to select, and a mapper from a
 * raw row to what drizzle's own select answers (each column's own driver mapping, so PostgreSQL and
 * PGlite agree and a new column needs no change here).
 */
export interface RawRows<T extends Table> {
  /** `"table"."column", …` for every column, in schema order. */
  columns: SQL;
  map(raw: Record<string, unknown>): InferSelectModel<T>;
}

/** `unread`: columns not selected (mapped as null), for large derived values nobody reads back. */
export function rawRowsOf<T extends Table>(
  table: T,
  unread: readonly (keyof InferSelectModel<T> & string)[] = [],
): RawRows<T> {
  const name = getTableName(table);
  const entries = Object.entries(getTableColumns(table));
  const selected = entries.filter(([key]) => !unread.includes(key as keyof InferSelectModel<T> & string));
  return {
    columns: sql.raw(selected.map(([, c]) => `"${name}"."${c.name}"`).join(', ')),
    map(raw) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of entries) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as InferSelectModel<T>;
    },
  };
}
