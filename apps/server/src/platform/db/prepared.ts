import type { Query, SQL } from 'drizzle-orm';
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
 * A hot statement, run as a named prepared statement whose text is built once, on first use:
 * `build` writes it with `sql.placeholder(name)` for every value that varies, and each run only
 * fills those in. Rebuilding the text of the send path's four statements from drizzle's templates
 * in every batch was about 5 % of the server's CPU under load (docs/performance.md, "Sends").
 * Texts beyond the bound of names run unnamed. PGlite ignores the name (it runs in the process).
 */
export function preparedStatement<V extends Record<string, unknown>>(
  build: () => SQL,
): (db: Db, values: V) => Promise<unknown> {
  let built: { query: Query; name: string | undefined } | undefined;
  return (db, values) => {
    if (built === undefined) {
      const query = dialect.sqlToQuery(build());
      built = { query, name: nameOf(query.sql) };
    }
    return db._.session.prepareQuery(built.query, undefined, built.name, false).execute(values);
  };
}
