import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A PostgreSQL array literal: every element quoted, backslashes and quotes escaped. */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * `column = any(array)` with the whole list as one text parameter. For hot paths: `inArray` makes
 * one placeholder per value, and building those cost more CPU than the database spent on the
 * lookup. The parameter is typed text and cast in SQL, so both drivers send it the same way.
 */
export function anyOf(
  column: SQLWrapper,
  /** The values, or a placeholder of a statement built once (filled with their `arrayLiteral`). */
  values: readonly (string | number)[] | Placeholder,
  type: 'bigint' | 'uuid' | 'text',
): SQL {
  const list = Array.isArray(values) ? arrayLiteral(values) : values;
  return sql`${column} = any(${list}::text::${sql.raw(type)}[])`;
}
