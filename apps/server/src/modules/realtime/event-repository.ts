import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { applicationSequences, realtimeEvents } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import type { NewEvent, StoredEvent } from './event-types.js';

// One statement: take the next seqs (locking the counter row) and store the events. Each event
// travels once with its audiences, and is stored once per audience: a conversation's event goes to
// the members and to its customer, and sending its data twice doubled the JSON PostgreSQL parses.
// `first` is the event's first row among all the rows (its audiences before it), so each row's seq
// is the counter's base + first + its audience's place. It answers one row, the first seq: a row
// per stored event was parsed by the server only to take the smallest.
const appendBatch = preparedStatement<{ applicationId: string; count: number; rows: string }>(
  () => sql`
    with counter as (
      insert into ${applicationSequences} (application_id, last_seq)
      values (${sql.placeholder('applicationId')}, ${sql.placeholder('count')})
      on conflict (application_id)
      do update set last_seq = ${applicationSequences.lastSeq} + ${sql.placeholder('count')}
      returning last_seq
    ), stored as (
      insert into ${realtimeEvents} (application_id, seq, type, conversation_id, audience, data)
      select ${sql.placeholder('applicationId')}, counter.last_seq - ${sql.placeholder('count')} + e.first + a.n,
        e.type, e.conversation_id, a.audience, e.data
      from counter,
        jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          as e(type text, conversation_id bigint, audiences jsonb, data jsonb, first int),
        jsonb_array_elements_text(e.audiences) with ordinality as a(audience, n)
      order by e.first, a.n
    )
    select counter.last_seq - ${sql.placeholder('count')} + 1 as first_seq from counter`,
);

/**
 * Appends events with consecutive `seq` numbers of the application. The counter row stays locked
 * until the caller's transaction commits, so commit order equals `seq` order: a client that has
 * seen N can never later miss an event numbered below N. Call it last in a transaction.
 */
export async function appendEvents(
  db: Db,
  applicationId: string,
  events: readonly NewEvent[],
): Promise<StoredEvent[]> {
  let count = 0;
  const rows = events.map((e) => {
    const row = {
      type: e.type,
      conversation_id: e.conversationId ?? null,
      audiences: e.audiences,
      data: e.data,
      first: count,
    };
    count += e.audiences.length;
    return row;
  });
  if (count === 0) return [];
  const result = await appendBatch(db, { applicationId, count, rows: JSON.stringify(rows) });
  const firstSeq = Number(rowsOf<{ first_seq: string | number }>(result)[0]!.first_seq);
  return rows.flatMap((r) =>
    r.audiences.map((audience, i) => ({
      seq: firstSeq + r.first + i,
      type: r.type,
      appId: applicationId,
      conversationId: r.conversation_id,
      audience,
      data: r.data,
    })),
  );
}

function toStoredEvent(r: typeof realtimeEvents.$inferSelect): StoredEvent {
  return {
    seq: r.seq,
    type: r.type,
    appId: r.applicationId,
    conversationId: r.conversationId,
    audience: r.audience,
    data: r.data,
  };
}

/** Events after `afterSeq` for the given audiences, oldest first. */
export async function eventsAfter(
  db: Db,
  applicationId: string,
  afterSeq: number,
  audiences: readonly string[],
  limit: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.applicationId, applicationId),
        gt(realtimeEvents.seq, afterSeq),
        inArray(realtimeEvents.audience, [...audiences]),
      ),
    )
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
  return rows.map(toStoredEvent);
}

export async function currentSeq(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ lastSeq: applicationSequences.lastSeq })
    .from(applicationSequences)
    .where(eq(applicationSequences.applicationId, applicationId));
  return row?.lastSeq ?? 0;
}

/** Every stored event of the application with from ≤ seq < to (to fill a gap in live delivery). */
export async function eventsBetween(
  db: Db,
  applicationId: string,
  from: number,
  to: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.applicationId, applicationId),
        gte(realtimeEvents.seq, from),
        lt(realtimeEvents.seq, to),
      ),
    )
    .orderBy(asc(realtimeEvents.seq));
  return rows.map(toStoredEvent);
}
