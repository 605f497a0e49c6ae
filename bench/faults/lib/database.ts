import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

// Read-only checks against the database the server wrote: PostgreSQL through a connection of our
// own, PGlite by opening its directory once the server has stopped (it holds the only lock).

/**
 * A connection of the harness. The suite crashes and restarts the server it talks to, and a
 * connection cut while idle emits 'error': unheard, it would end the whole run (it did once in CI
 * after every scenario had passed). The call that is waiting still gets the error.
 */
export function harnessClient(connectionString: string): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  return client;
}

export type DbTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export async function query<T>(target: DbTarget, text: string, params: unknown[]): Promise<T[]> {
  if (target.kind === 'postgres') {
    const client = harnessClient(target.url);
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  // The server's extensions (database.ts, PGLITE_EXTENSIONS), for a data directory it created.
  const db = new PGlite(path.join(target.dataDir, 'pglite'), { extensions: { pg_trgm } });
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.close();
  }
}

/** How many stored messages carry each client key of the application. */
export async function messageKeyCounts(target: DbTarget, appId: string): Promise<Map<string, number>> {
  const rows = await query<{ client_key: string; n: string | number }>(
    target,
    'select client_key, count(*) as n from messages where application_id = $1 group by client_key',
    [appId],
  );
  return new Map(rows.map((r) => [r.client_key, Number(r.n)]));
}

/** Every stored event seq a member (the admin who signed up) may see: the agent's audience. */
export async function memberSeqs(target: DbTarget, appId: string, userName: string): Promise<number[]> {
  const rows = await query<{ seq: string | number }>(
    target,
    `select seq from realtime_events
     where application_id = $1
       and audiences && array['members',
         'user:' || (select id::text from users where application_id = $1 and user_id = $2)]
     order by seq`,
    [appId, userName],
  );
  return rows.map((r) => Number(r.seq));
}

/** How many notes of the application carry each body. */
export async function noteBodyCounts(target: DbTarget, appId: string): Promise<Map<string, number>> {
  const rows = await query<{ body: string; n: string | number }>(
    target,
    'select body, count(*) as n from notes where application_id = $1 group by body',
    [appId],
  );
  return new Map(rows.map((r) => [r.body, Number(r.n)]));
}
