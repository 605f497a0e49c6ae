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

/**
 * A query of drizzle's builder that runs often on the database handle (not in a transaction):
 * written with `sql.placeholder`s and ending in `.prepare(name)`, it is built once per handle and
 * each run only binds its values. Building a query from drizzle's builder costs 0.1–0.8 ms of CPU
 * (its entity checks walk every chunk), more than PostgreSQL spends on these lookups: a fifth of a
 * bot reply's CPU went there (docs/performance.md, "Bot replies"). A transaction's handle is new
 * each time, so a query given one is built for that transaction alone; give such queries their
 * values directly instead.
 */
export function preparedPerDatabase<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = prepare(db);
      built.set(db, query);
    }
    return query;
  };
}
