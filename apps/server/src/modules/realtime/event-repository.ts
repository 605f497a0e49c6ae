import { and, arrayOverlaps, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { applicationSequences, realtimeEvents } from '../../db/schema/index.js';
import { type Db, rowsOf } from '../../platform/db/database.js';
import { preparedStatement } from '../../platform/db/prepared.js';
import { dataJsonOf, type NewEvent, type StoredEvent } from './event-types.js';

// One statement: take the next seqs (locking the counter row) and store the events, one row and
// one seq each with the audiences it goes to (a conversation's event goes to the members and to its
// customer: stored once per audience, its data was written twice). It answers one row, the first
// seq: a row per stored event was parsed by the server only to take the smallest.
const appendBatch = preparedStatement<{ applicationId: string; count: number; rows: string }>(
  () => sql`
    with counter as (
      insert into ${applicationSequences} (application_id, last_seq)
      values (${sql.placeholder('applicationId')}, ${sql.placeholder('count')})
      on conflict (application_id)
      do update set last_seq = ${applicationSequences.lastSeq} + ${sql.placeholder('count')}
      returning last_seq
    ), stored as (
      insert into ${realtimeEvents} (application_id, seq, type, conversation_id, audiences, data)
      select ${sql.placeholder('applicationId')}, counter.last_seq - ${sql.placeholder('count')} + e.n,
        e.type, e.conversation_id, e.audiences, e.data
      from counter,
        rows from (jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          as (type text, conversation_id bigint, audiences text[], data jsonb))
          with ordinality as e(type, conversation_id, audiences, data, n)
      order by e.n
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
  // An event for nobody is not stored (and takes no seq).
  const kept = events.filter((e) => e.audiences.length > 0);
  if (kept.length === 0) return [];
  // Each event's place in the list (its seq's offset) is the statement's ordinality. The list is
  // written as text around each data's JSON, which the hub's frames reuse (dataJsonOf).
  const rows = kept.map(
    (e) =>
      `{"type":${JSON.stringify(e.type)},"conversation_id":${e.conversationId ?? null},"audiences":${JSON.stringify(e.audiences)},"data":${dataJsonOf(e.data)}}`,
  );
  const result = await appendBatch(db, { applicationId, count: rows.length, rows: `[${rows.join(',')}]` });
  const firstSeq = Number(rowsOf<{ first_seq: string | number }>(result)[0]!.first_seq);
  return kept.map((e, i) => ({
    seq: firstSeq + i,
    type: e.type,
    appId: applicationId,
    conversationId: e.conversationId ?? null,
    audiences: e.audiences,
    data: e.data,
  }));
}

function toStoredEvent(r: typeof realtimeEvents.$inferSelect): StoredEvent {
  return {
    seq: r.seq,
    type: r.type,
    appId: r.applicationId,
    conversationId: r.conversationId,
    audiences: r.audiences,
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
        arrayOverlaps(realtimeEvents.audiences, [...audiences]),
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
