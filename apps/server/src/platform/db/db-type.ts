import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A database or a transaction: repositories accept either, so a service can group writes. */
// Without the relational schema: drizzle builds a query builder per table for every transaction
// of a database that has one (about 1 KB a sent message on the send path), and no request uses them.
export type Db = PgDatabase<PgQueryResultHKT>;
