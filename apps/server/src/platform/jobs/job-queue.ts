import type { Db } from '../db/database.js';
import { createKeyedBatcher, type KeyedBatcher } from '../keyed-batcher.js';
import * as repo from './job-repository.js';

// A durable, table-backed job queue. `enqueue` writes the job in the caller's transaction, so a
// job exists exactly when the action that wanted it committed. A `JobWorker` polls the table,
// claims due jobs with FOR UPDATE SKIP LOCKED (several workers never take the same job), runs the
// queue's handler outside any transaction, and retries failures with exponential backoff.

export interface Job {
  id: string;
  queue: string;
  applicationId: string | null;
  payload: Record<string, unknown>;
  /** This attempt's number: 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}

/** Runs one job; a throw means "try again later" (or failed, once the attempts are used up). */
export type JobHandler = (job: Job) => Promise<void>;

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentJobError extends Error {}

export interface EnqueueInput {
  queue: string;
  applicationId: string | null;
  payload: Record<string, unknown>;
  /** Not before this time; now by default. */
  runAt?: Date | undefined;
  /** Attempts before the job is marked failed; the table's default (8) otherwise. */
  maxAttempts?: number | undefined;
}

/** Adds a job inside the caller's transaction (pass the `tx`); returns its id. */
export function enqueue(tx: Db, input: EnqueueInput): Promise<string> {
  return repo.insertJob(tx, input);
}

/**
 * The token of one run of a job (its id and attempt): what a handler stamps on the rows it claims,
 * so a later run can tell a claim of a live run from one its dead worker left behind.
 */
export const jobRunToken = (job: Pick<Job, 'id' | 'attempts'>): string => `${job.id}:${job.attempts}`;

/**
 * Which of these run tokens belong to runs still holding their lock: the queue's own view of a live
 * worker (a run whose lock expired was given up, and its job is taken again).
 */
export async function liveJobRuns(db: Db, tokens: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(tokens.map((t) => t.split(':')[0]!).filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
  const running = await repo.runningJobs(db, ids);
  return new Set(running.map(jobRunToken).filter((t) => tokens.includes(t)));
}

export interface WorkerLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobWorkerOptions {
  db: Db;
  log: WorkerLog;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Time between polls when nothing is due (default 500 ms). */
  pollMs?: number;
  /** Jobs run at the same time by this worker (default 8). */
  concurrency?: number;
  /** How long a claim holds before another worker may take the job again (default 5 minutes). */
  lockMs?: number;
  /** Backoff after attempt n is backoffBaseMs × 2^n (default 1000: 2 s, 4 s, 8 s…). */
  backoffBaseMs?: number;
  /** Upper bound of one backoff (default 1 hour). */
  maxBackoffMs?: number;
  /** Finished jobs (done, failed) are deleted this long after they finished (default 7 days). */
  retainMs?: number;
  /** Deletes finished jobs once an hour (default true; one worker of a node is enough). */
  purges?: boolean;
}

export const DEFAULT_POLL_MS = 500;
const DEFAULT_LOCK_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
const DEFAULT_RETAIN_MS = 7 * 24 * HOUR_MS;

/** Delay before the next attempt after attempt `attempts` failed: base × 2^attempts, capped. */
export function backoffMs(attempts: number, baseMs = 1000, maxMs = HOUR_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 40));
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)) || 'failed';

export class JobWorker {
  private readonly db: Db;
  private readonly log: WorkerLog;
  private readonly handlers: Readonly<Record<string, JobHandler>>;
  private readonly queues: string[];
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly lockMs: number;
  private readonly backoffBaseMs: number;
  private readonly maxBackoffMs: number;
  private readonly retainMs: number;
  private readonly purges: boolean;
  private nextPurgeAt = 0;
  /** The last claim was a full batch: more jobs are probably due. */
  private backlog = false;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** `wake()` came during a tick: claim again as soon as it ends. */
  private woken = false;
  private started = false;
  /**
   * Jobs that finish while another's completion is being written are marked done together: one
   * statement instead of one each (the embedded database runs statements one at a time).
   */
  private readonly completions: KeyedBatcher<{ id: string; attempts: number }, boolean>;

  constructor(opts: JobWorkerOptions) {
    this.db = opts.db;
    this.log = opts.log;
    this.handlers = opts.handlers;
    this.queues = Object.keys(opts.handlers);
    this.pollMs = Math.max(1, opts.pollMs ?? DEFAULT_POLL_MS);
    this.concurrency = Math.max(1, opts.concurrency ?? 8);
    this.lockMs = Math.max(1000, opts.lockMs ?? DEFAULT_LOCK_MS);
    this.backoffBaseMs = Math.max(0, opts.backoffBaseMs ?? 1000);
    this.maxBackoffMs = Math.max(0, opts.maxBackoffMs ?? HOUR_MS);
    this.retainMs = Math.max(0, opts.retainMs ?? DEFAULT_RETAIN_MS);
    this.purges = opts.purges ?? true;
    this.completions = createKeyedBatcher(
      async (_key, claims) =>
        (await repo.completeJobs(this.db, claims)).map((value) => ({ ok: true as const, value })),
      500,
    );
  }

  /** Starts polling; calling it twice does nothing. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the handlers still running (their results are recorded). */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.running]);
  }

  /**
   * Claims due jobs now rather than at the next poll: a job that must run at once (a bot's reply)
   * was just committed. Wakes during a tick are folded into one claim right after it.
   */
  wake(): void {
    if (!this.started) return;
    if (this.ticking) {
      this.woken = true;
      return;
    }
    this.schedule(0);
  }

  /** Wakes this worker when it runs `queue`'s jobs (a node's nudge names the queue it enqueued to). */
  wakeFor(queue: string): void {
    if (this.queues.includes(queue)) this.wake();
  }

  /**
   * Claims and runs every job due now, until none is left, and waits for them (tests, scripts).
   * Jobs put back with a backoff are not waited for.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claimAndRun(this.concurrency);
      total += claimed;
      await Promise.allSettled([...this.running]);
      if (claimed === 0) return total;
    }
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // A tick in progress schedules the next one itself.
      if (this.ticking) return;
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
      });
    }, delayMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    this.woken = false;
    try {
      const free = this.concurrency - this.running.size;
      // All slots busy: a job finishing claims the next one (a wake must not wait for the poll).
      this.backlog = free > 0 ? (await this.claimAndRun(free)) === free : true;
      // Housekeeping once an hour (on every node: SKIP LOCKED keeps them out of each other's way).
      if (this.purges && Date.now() >= this.nextPurgeAt) {
        this.nextPurgeAt = Date.now() + HOUR_MS;
        await repo.purgeFinishedJobs(this.db, this.retainMs);
      }
    } catch (err) {
      // The database may be briefly unreachable; the next poll tries again.
      this.backlog = false;
      this.log.warn({ err }, 'job poll failed');
    }
    // A full batch suggests more is due: claim again as soon as there is room.
    const more = this.woken || (this.backlog && this.running.size < this.concurrency);
    this.schedule(more ? 0 : this.pollMs);
  }

  private async claimAndRun(limit: number): Promise<number> {
    const rows = await repo.claimDueJobs(this.db, { queues: this.queues, limit, lockMs: this.lockMs });
    for (const row of rows) {
      const run = this.run(row).finally(() => {
        this.running.delete(run);
        // More is waiting: take it now rather than at the next poll.
        if (this.started && this.backlog && !this.ticking) this.schedule(0);
      });
      this.running.add(run);
    }
    return rows.length;
  }

  private async run(row: repo.JobRow): Promise<void> {
    const job: Job = {
      id: row.id,
      queue: row.queue,
      applicationId: row.applicationId,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
    };
    let failure: unknown = null;
    try {
      // A job reclaimed after its worker died may already have used up its attempts.
      if (job.attempts > job.maxAttempts) throw new PermanentJobError('attempts used up (worker lost)');
      const handler = this.handlers[job.queue];
      if (!handler) throw new PermanentJobError(`no handler for queue ${job.queue}`);
      await handler(job);
    } catch (err) {
      failure = err ?? new Error('failed');
    }
    try {
      if (failure === null) {
        await this.completions.submit('done', { id: job.id, attempts: job.attempts });
        return;
      }
      const final = failure instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      await repo.failJob(this.db, job.id, job.attempts, {
        error: messageOf(failure),
        retryInMs: final ? null : backoffMs(job.attempts, this.backoffBaseMs, this.maxBackoffMs),
      });
      if (final) this.log.warn({ jobId: job.id, queue: job.queue, err: messageOf(failure) }, 'job failed');
    } catch (err) {
      // The claim's lock expires and another worker takes the job again.
      this.log.error({ err, jobId: job.id }, 'could not record a job outcome');
    }
  }
}

/** What runs the durable jobs: one worker, or several as one (`jobWorkers`). */
export interface JobRunner {
  start(): void;
  stop(): Promise<void>;
  /** Claims at once on every queue (tests). */
  wake(): void;
  /** Claims at once with the worker that runs `queue` (a nudge: a wake is a claim statement). */
  wakeFor(queue: string): void;
  drain(): Promise<number>;
}

/**
 * Several workers run as one, each with its own queues and its own slots: a burst of one queue
 * (fifty bot replies at once) does not wait behind another's slow jobs, and a queue whose jobs are
 * heavy (document parsing, training) keeps its smaller bound.
 */
export function jobWorkers(workers: readonly JobWorker[]): JobRunner {
  return {
    start: () => {
      for (const worker of workers) worker.start();
    },
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
    wake: () => {
      for (const worker of workers) worker.wake();
    },
    wakeFor: (queue) => {
      for (const worker of workers) worker.wakeFor(queue);
    },
    // A job of one worker may enqueue another's (a reply schedules an e-mail fallback): drained
    // until a whole round claims nothing.
    drain: async () => {
      let total = 0;
      for (;;) {
        let round = 0;
        for (const worker of workers) round += await worker.drain();
        total += round;
        if (round === 0) return total;
      }
    },
  };
}
