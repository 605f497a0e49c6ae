import { fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { anyOf, arrayLiteral } from './any-of.js';

describe('arrayLiteral', () => {
  it('quotes every element and escapes what would end or break it', () => {
    expect(arrayLiteral([1, 22])).toBe('{"1","22"}');
    expect(arrayLiteral(['a,b', 'say "hi"', 'back\\slash', '{}', ''])).toBe(
      '{"a,b","say \\"hi\\"","back\\\\slash","{}",""}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });
});

describe('anyOf', () => {
  it('takes the values, or a placeholder filled later with their array literal, as one parameter typed as the array', () => {
    const dialect = new PgDialect();
    const column = sql.raw('c.id');
    const given = dialect.sqlToQuery(anyOf(column, [1, 2], 'bigint'));
    // Typed as the array itself, not cast from text: a generic plan then parses it once, at bind.
    expect(given.sql).toBe('c.id = any($1::bigint[])');
    expect(given.params).toEqual(['{"1","2"}']);
    const later = dialect.sqlToQuery(anyOf(column, sql.placeholder('ids'), 'bigint'));
    expect(later.sql).toBe(given.sql);
    expect(fillPlaceholders(later.params, { ids: arrayLiteral([1, 2]) })).toEqual(given.params);
  });
});
