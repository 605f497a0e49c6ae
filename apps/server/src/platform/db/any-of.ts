import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A PostgreSQL array literal: every element quoted, backslashes and quotes escaped. */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * `column = any(array)` with the whole list as one text parameter. For hot paths: `inArray` makes
 * one placeholder per value, and building those cost more CPU than the database spent on the
 * lookup. The parameter is the array's literal text, typed as the array itself: PostgreSQL then
 * parses it once, when the statement is bound. Cast from text instead (`$1::text::uuid[]`), a
 * named statement's generic plan parsed the literal again for every row it looked at (the send
 * path's lock statement spent a sixth of the database's CPU in array_in).
 */
export function anyOf(
  column: SQLWrapper,
  /** The values, or a placeholder of a statement built once (filled with their `arrayLiteral`). */
  values: readonly (string | number)[] | Placeholder,
  type: 'bigint' | 'uuid' | 'text',
): SQL {
  const list = Array.isArray(values) ? arrayLiteral(values) : values;
  return sql`${column} = any(${list}::${sql.raw(type)}[])`;
}
