import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../db/schema/index.js';
import { newTenant, type Tenant } from '../../testing/messaging-fixtures.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { appendEvents, currentSeq, eventsAfter, eventsBetween } from './event-repository.js';
import { AUDIENCE_MEMBERS, audienceUser, EVENT } from './event-types.js';

describe.each(testDatabaseKinds())('stored real-time events on %s', (kind) => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await newTenant(t);
    b = await newTenant(t);
  });
  afterAll(async () => t?.close());

  it('stores an event once with all its audiences, and each audience replays it; another application sharing the audience names sees none of it', async () => {
    const db = t.database.db;
    const customer = audienceUser('customer-1');
    const other = audienceUser('customer-2');
    // The second application holds events for the same audience names first.
    await appendEvents(db, b.applicationId, [
      {
        type: EVENT.MESSAGE_RECEIVED,
        conversationId: 7,
        audiences: [AUDIENCE_MEMBERS, customer],
        data: { b: 1 },
      },
    ]);
    const start = await currentSeq(db, a.applicationId);
    const stored = await appendEvents(db, a.applicationId, [
      {
        type: EVENT.MESSAGE_RECEIVED,
        conversationId: 7,
        audiences: [AUDIENCE_MEMBERS, customer],
        data: { n: 1 },
      },
      // An event for nobody takes no seq.
      { type: EVENT.UNREAD, audiences: [], data: { n: 0 } },
      { type: EVENT.CONVERSATION_NOTIFY, conversationId: 7, audiences: [other], data: { n: 2 } },
      { type: EVENT.NOTE_ADDED, conversationId: 7, audiences: [AUDIENCE_MEMBERS], data: { n: 3 } },
    ]);
    expect(stored.map((e) => [e.seq, e.audiences, e.data])).toEqual([
      [start + 1, [AUDIENCE_MEMBERS, customer], { n: 1 }],
      [start + 2, [other], { n: 2 }],
      [start + 3, [AUDIENCE_MEMBERS], { n: 3 }],
    ]);
    expect(await currentSeq(db, a.applicationId)).toBe(start + 3);

    // One row per event, whatever its audiences.
    const rows = await db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.applicationId, a.applicationId))
      .orderBy(asc(realtimeEvents.seq));
    expect(rows.filter((r) => r.seq > start).map((r) => [r.seq, r.audiences])).toEqual([
      [start + 1, [AUDIENCE_MEMBERS, customer]],
      [start + 2, [other]],
      [start + 3, [AUDIENCE_MEMBERS]],
    ]);

    const seqsFor = async (audiences: string[]) =>
      (await eventsAfter(db, a.applicationId, start, audiences, 100)).map((e) => e.seq);
    // A socket listening to two of an event's audiences replays it once.
    expect(await seqsFor([AUDIENCE_MEMBERS, customer])).toEqual([start + 1, start + 3]);
    expect(await seqsFor([customer])).toEqual([start + 1]);
    expect(await seqsFor([other])).toEqual([start + 2]);
    expect(await seqsFor([audienceUser('nobody')])).toEqual([]);
    expect((await eventsBetween(db, a.applicationId, start + 1, start + 3)).map((e) => e.data)).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
    // The second application's events stay its own.
    const theirs = await eventsAfter(db, b.applicationId, 0, [AUDIENCE_MEMBERS, customer], 100);
    expect(theirs.map((e) => e.data)).toEqual([{ b: 1 }]);
  });
});
