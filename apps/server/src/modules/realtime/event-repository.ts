import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { applicationSequences, realtimeEvents } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/database.js';
import type { NewEvent, StoredEvent } from './event-types.js';

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
  const rows = events.flatMap((e) => e.audiences.map((audience) => ({ e, audience })));
  if (rows.length === 0) return [];
  const [counter] = await db
    .insert(applicationSequences)
    .values({ applicationId, lastSeq: rows.length })
    .onConflictDoUpdate({
      target: applicationSequences.applicationId,
      set: { lastSeq: sql`${applicationSequences.lastSeq} + ${rows.length}` },
    })
    .returning({ lastSeq: applicationSequences.lastSeq });
  const first = counter!.lastSeq - rows.length + 1;
  const stored: StoredEvent[] = rows.map(({ e, audience }, i) => ({
    seq: first + i,
    type: e.type,
    appId: applicationId,
    conversationId: e.conversationId ?? null,
    audience,
    data: e.data,
  }));
  await db.insert(realtimeEvents).values(
    stored.map((s) => ({
      applicationId,
      seq: s.seq,
      type: s.type,
      conversationId: s.conversationId,
      audience: s.audience,
      data: s.data,
    })),
  );
  return stored;
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
  return rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    appId: r.applicationId,
    conversationId: r.conversationId,
    audience: r.audience,
    data: r.data,
  }));
}

export async function currentSeq(db: Db, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ lastSeq: applicationSequences.lastSeq })
    .from(applicationSequences)
    .where(eq(applicationSequences.applicationId, applicationId));
  return row?.lastSeq ?? 0;
}
