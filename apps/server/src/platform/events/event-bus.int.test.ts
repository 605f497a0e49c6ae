import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import type { Database, Db } from '../db/database.js';
import { enqueue } from '../jobs/job-queue.js';
import * as jobs from '../jobs/job-repository.js';
import { createEventBus } from './event-bus.js';

// The bus inside a real transaction: what subscribers write commits or rolls back with the emitter.
describe.each(testDatabaseKinds())('event bus in a transaction on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a failing subscriber rolls back the emitter's transaction, earlier subscribers' jobs included", async () => {
    const bus = createEventBus<{ 'thing.done': { tx: Db; n: number } }>();
    const queue = `bus-${kind}-${Date.now()}`;
    bus.subscribe('thing.done', 'enqueues', async ({ tx, n }) => {
      await enqueue(tx, { queue, applicationId: null, payload: { n } });
    });
    await database.db.transaction((tx) => bus.emit('thing.done', { tx, n: 1 }));
    bus.subscribe('thing.done', 'refuses', ({ n }) => {
      if (n === 2) throw new Error('refused');
    });
    await expect(database.db.transaction((tx) => bus.emit('thing.done', { tx, n: 2 }))).rejects.toThrow(
      'refused',
    );
    const rows = await jobs.listJobs(database.db, queue);
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });
});
