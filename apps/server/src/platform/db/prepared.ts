import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

// The send path's statements run in every batch (several a second per application). Sent
// unnamed, PostgreSQL parses and plans each one again: in a 3,000-message bench that was a third of
// the database's time on them (docs/performance.md, "Sends"). Named, each connection prepares a
// statement once and later batches only bind and execute it.

/** Statement texts seen, and the name each was given; bounded, as each name holds a plan per connection. */
const names = new Map<string, string>();
const MAX_NAMED = 64;
const dialect = new PgDialect();

/** The name of a statement text: the same text always gets the same name, another text another one. */
function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `convo_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * `db.execute(query)`, as a named prepared statement: for hand-written SQL run on a hot path whose
 * text is one of a few shapes (parameters vary, the text does not). Other texts would each take a
 * name, up to a bound, then run unnamed. PGlite ignores the name (it runs in the process).
 */
export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
}
