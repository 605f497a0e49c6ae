import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import type { Database } from '../db/database.js';
import {
  backoffMs,
  enqueue,
  type JobHandler,
  JobWorker,
  jobWorkers,
  PermanentJobError,
} from './job-queue.js';
import * as repo from './job-repository.js';

const silent = { warn() {}, error() {} };

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('backoff', () => {
  it('doubles from 2 s and stops at one hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([2000, 4000, 8000, 16000]);
    expect(backoffMs(12)).toBe(3_600_000);
    expect(backoffMs(1000)).toBe(3_600_000);
    expect(backoffMs(3, 5)).toBe(40);
  });
});

describe.each(testDatabaseKinds())('job queue on %s', (kind) => {
  let database: Database;
  let queueNo = 0;
  /** Each test uses its own queue name, so tests never see each other's jobs. */
  const freshQueue = () => `q${++queueNo}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const worker = (
    queue: string,
    handler: JobHandler,
    opts: Partial<ConstructorParameters<typeof JobWorker>[0]> = {},
  ) =>
    new JobWorker({
      db: database.db,
      log: silent,
      handlers: { [queue]: handler },
      pollMs: 10,
      backoffBaseMs: 2,
      ...opts,
    });

  it('enqueues inside the caller transaction: a job exists exactly when it committed', async () => {
    const queue = freshQueue();
    const kept = await database.db.transaction((tx) =>
      enqueue(tx, { queue, applicationId: null, payload: { n: 1 } }),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue(tx, { queue, applicationId: null, payload: { n: 2 } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await repo.listJobs(database.db, queue);
    expect(rows.map((r) => r.id)).toEqual([kept]);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, maxAttempts: 8, payload: { n: 1 } });
  });

  it('runs the handler of the queue and marks the job done', async () => {
    const queue = freshQueue();
    const seen: unknown[] = [];
    const id = await enqueue(database.db, { queue, applicationId: 'app-1', payload: { hello: 'world' } });
    const w = worker(queue, async (job) => {
      seen.push({ payload: job.payload, applicationId: job.applicationId, attempts: job.attempts });
    });
    expect(await w.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { hello: 'world' }, applicationId: 'app-1', attempts: 1 }]);
    const row = await repo.findJob(database.db, id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failing job with a growing backoff until it succeeds', async () => {
    const queue = freshQueue();
    const runs: number[] = [];
    const id = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    const w = worker(
      queue,
      async (job) => {
        runs.push(Date.now());
        if (job.attempts < 3) throw new Error(`boom ${job.attempts}`);
      },
      { backoffBaseMs: 20 },
    );
    w.start();
    await waitFor(async () => (await repo.findJob(database.db, id))?.status === 'done');
    await w.stop();
    expect(runs).toHaveLength(3);
    // 40 ms after the first failure, 80 ms after the second (database and timer jitter aside).
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(30);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(70);
    expect(await repo.findJob(database.db, id)).toMatchObject({
      status: 'done',
      attempts: 3,
      lastError: null,
    });
  });

  it('marks a job failed once its attempts are used up, keeping the last error', async () => {
    const queue = freshQueue();
    const id = await enqueue(database.db, { queue, applicationId: null, payload: {}, maxAttempts: 2 });
    let calls = 0;
    const w = worker(queue, async () => {
      calls += 1;
      throw new Error(`still broken ${calls}`);
    });
    w.start();
    await waitFor(async () => (await repo.findJob(database.db, id))?.status === 'failed');
    await w.stop();
    expect(calls).toBe(2);
    expect(await repo.findJob(database.db, id)).toMatchObject({ attempts: 2, lastError: 'still broken 2' });
  });

  it('fails at once on a permanent error', async () => {
    const queue = freshQueue();
    const id = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    await worker(queue, async () => {
      throw new PermanentJobError('cannot ever work');
    }).drain();
    expect(await repo.findJob(database.db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'cannot ever work',
    });
  });

  it('leaves a job alone until its run time', async () => {
    const queue = freshQueue();
    const id = await enqueue(database.db, {
      queue,
      applicationId: null,
      payload: {},
      runAt: new Date(Date.now() + 3_600_000),
    });
    expect(await worker(queue, async () => {}).drain()).toBe(0);
    expect((await repo.findJob(database.db, id))?.status).toBe('pending');
  });

  it('takes a job again when the worker that claimed it died (its lock expired)', async () => {
    const queue = freshQueue();
    const id = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    // A worker claims it and "crashes": the row stays running under a live lock.
    const [claimed] = await repo.claimDueJobs(database.db, { queues: [queue], limit: 5, lockMs: 60_000 });
    expect(claimed?.id).toBe(id);
    let calls = 0;
    const w = worker(queue, async () => {
      calls += 1;
    });
    expect(await w.drain()).toBe(0);
    await repo.expireLock(database.db, id);
    expect(await w.drain()).toBe(1);
    expect(calls).toBe(1);
    expect(await repo.findJob(database.db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('stop() waits for the handlers that are running', async () => {
    const queue = freshQueue();
    const id = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    let release = () => {};
    let started = false;
    const w = worker(queue, async () => {
      started = true;
      await new Promise<void>((r) => {
        release = r;
      });
    });
    w.start();
    await waitFor(async () => started);
    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await repo.findJob(database.db, id))?.status).toBe('done');
  });

  it('works through a backlog without waiting for the next poll', async () => {
    const queue = freshQueue();
    for (let i = 0; i < 60; i += 1)
      await enqueue(database.db, { queue, applicationId: null, payload: { i } });
    let runs = 0;
    const w = worker(
      queue,
      async () => {
        runs += 1;
      },
      { pollMs: 60_000, concurrency: 4 },
    );
    w.start();
    await waitFor(async () => runs === 60, 10_000);
    await w.stop();
    expect((await repo.listJobs(database.db, queue)).every((j) => j.status === 'done')).toBe(true);
  });

  it('deletes finished jobs once they are older than the retention', async () => {
    const queue = freshQueue();
    const done = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    await worker(queue, async () => {}).drain();
    const waiting = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    expect(await repo.purgeFinishedJobs(database.db, 3_600_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 5));
    expect(await repo.purgeFinishedJobs(database.db, 1)).toBeGreaterThanOrEqual(1);
    expect(await repo.findJob(database.db, done)).toBeUndefined();
    expect((await repo.findJob(database.db, waiting))?.status).toBe('pending');
  });

  it('a worker told not to purge leaves finished jobs to the worker that does', async () => {
    const queue = freshQueue();
    const done = await enqueue(database.db, { queue, applicationId: null, payload: {} });
    await worker(queue, async () => {}).drain();
    await new Promise((r) => setTimeout(r, 5));
    const quiet = worker(freshQueue(), async () => {}, { retainMs: 1, purges: false });
    quiet.start();
    await new Promise((r) => setTimeout(r, 50));
    await quiet.stop();
    expect((await repo.findJob(database.db, done))?.status).toBe('done');
    const purging = worker(freshQueue(), async () => {}, { retainMs: 1 });
    purging.start();
    await waitFor(async () => (await repo.findJob(database.db, done)) === undefined);
    await purging.stop();
  });

  it("a queue's nudge wakes the worker that runs it, not the others", async () => {
    const [first, second] = [freshQueue(), freshQueue()];
    const ran: string[] = [];
    const runner = jobWorkers([
      worker(first, async () => void ran.push(first), { pollMs: 60_000 }),
      worker(second, async () => void ran.push(second), { pollMs: 60_000 }),
    ]);
    runner.start();
    try {
      // The first poll runs at start: past it, only a wake claims before the next minute.
      await new Promise((r) => setTimeout(r, 200));
      await enqueue(database.db, { queue: first, applicationId: null, payload: {} });
      await enqueue(database.db, { queue: second, applicationId: null, payload: {} });
      runner.wakeFor(first);
      await waitFor(async () => ran.length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(ran).toEqual([first]);
    } finally {
      await runner.stop();
    }
  });

  it('two workers never run the same job', async () => {
    const queue = freshQueue();
    const total = 120;
    for (let i = 0; i < total; i += 1) {
      await enqueue(database.db, { queue, applicationId: null, payload: { i } });
    }
    const runs = new Map<string, number>();
    const byWorker = [0, 0];
    const handler =
      (n: 0 | 1): JobHandler =>
      async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        byWorker[n]! += 1;
        await new Promise((r) => setTimeout(r, Math.random() * 3));
      };
    const a = worker(queue, handler(0), { pollMs: 1, concurrency: 4 });
    const b = worker(queue, handler(1), { pollMs: 1, concurrency: 4 });
    a.start();
    b.start();
    await waitFor(
      async () => (await repo.listJobs(database.db, queue)).every((j) => j.status === 'done'),
      30_000,
    );
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker[0]! + byWorker[1]!).toBe(total);
    if (kind === 'postgres') expect(Math.min(...byWorker)).toBeGreaterThan(0);
  });

  it('marks several claimed jobs done in one statement, leaving a lost claim alone', async () => {
    const queue = freshQueue();
    for (let i = 0; i < 3; i += 1) await enqueue(database.db, { queue, applicationId: null, payload: { i } });
    const claimed = await repo.claimDueJobs(database.db, { queues: [queue], limit: 3, lockMs: 60_000 });
    expect(claimed).toHaveLength(3);
    const [a, b, c] = claimed as [repo.JobRow, repo.JobRow, repo.JobRow];
    // c's claim was lost: its lock expired and another worker took it (a second attempt).
    await repo.expireLock(database.db, c.id);
    const [again] = await repo.claimDueJobs(database.db, { queues: [queue], limit: 1, lockMs: 60_000 });
    expect(again?.id).toBe(c.id);
    const done = await repo.completeJobs(database.db, [
      { id: a.id, attempts: a.attempts },
      { id: c.id, attempts: c.attempts },
      { id: b.id, attempts: b.attempts },
    ]);
    expect(done).toEqual([true, false, true]);
    const byId = new Map((await repo.listJobs(database.db, queue)).map((j) => [j.id, j.status]));
    expect([byId.get(a.id), byId.get(b.id), byId.get(c.id)]).toEqual(['done', 'done', 'running']);
  });

  it("workers run as one keep their own slots; drain follows a job that enqueues another worker's", async () => {
    const burst = freshQueue();
    const other = freshQueue();
    for (let i = 0; i < 6; i += 1)
      await enqueue(database.db, { queue: burst, applicationId: null, payload: { i } });
    let running = 0;
    let most = 0;
    const ran: string[] = [];
    const bursts = worker(
      burst,
      async (job) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
        ran.push(`${burst}:${String(job.payload.i)}`);
        if (job.payload.i === 5)
          await enqueue(database.db, { queue: other, applicationId: null, payload: {} });
      },
      { concurrency: 6, pollMs: 60_000 },
    );
    const others = worker(
      other,
      async () => {
        ran.push(other);
      },
      { concurrency: 1, pollMs: 60_000 },
    );
    const both = jobWorkers([bursts, others]);
    // The burst's six run at once on its own six slots; the other worker's job, enqueued by the
    // last of them, is run by the same drain.
    expect(await both.drain()).toBe(7);
    expect(most).toBe(6);
    expect(ran).toHaveLength(7);
    expect(ran.at(-1)).toBe(other);
    await both.stop();
  });
});
