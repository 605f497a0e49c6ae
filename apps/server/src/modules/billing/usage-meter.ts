import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Usage counters (issue 19) without a counter UPDATE per send: a send adds its messages and new
// monthly users to this process's pending deltas after its commit, and the deltas are written
// together every FLUSH_INTERVAL_MS, or sooner once FLUSH_AT_MESSAGES messages wait, and on
// shutdown. Each write is `count = count + delta`, so any number of server processes add up
// correctly. The price: a process that dies without shutting down loses at most its pending
// deltas (under FLUSH_INTERVAL_MS of sends, at most FLUSH_AT_MESSAGES messages). Who reads the
// counters adds this process's pending deltas (`pending`); another process's pending deltas show
// up within its flush interval.

export const FLUSH_INTERVAL_MS = 5_000;
export const FLUSH_AT_MESSAGES = 1_000;

export interface UsageDelta {
  messages: number;
  mtu: number;
}

export interface UsageMeter {
  /** A committed send's messages and new monthly users of `period` ('YYYY-MM'). */
  add(applicationId: string, period: string, delta: UsageDelta): void;
  /**
   * This process's deltas not yet in the database, of the periods from `fromPeriod` (inclusive)
   * on. Read the database after `settled()` so that a write under way is not counted twice.
   */
  pending(applicationId: string, fromPeriod: string): UsageDelta;
  /** Resolves once no write is under way. */
  settled(): Promise<void>;
  /** Writes every pending delta now. */
  flush(): Promise<void>;
  /** Flushes and stops the timer (shutdown). */
  close(): Promise<void>;
}

export interface UsageMeterOptions {
  intervalMs?: number;
  flushAtMessages?: number;
  onError?: (err: unknown) => void;
}

const keyOf = (applicationId: string, period: string) => `${applicationId}\u0000${period}`;

export function createUsageMeter(db: Db, opts: UsageMeterOptions = {}): UsageMeter {
  const intervalMs = opts.intervalMs ?? FLUSH_INTERVAL_MS;
  const flushAt = opts.flushAtMessages ?? FLUSH_AT_MESSAGES;
  let waiting = new Map<string, repo.UsageIncrement>();
  let waitingMessages = 0;
  /** The deltas a write is carrying now: still counted by `pending` until it commits. */
  let inFlight = new Map<string, repo.UsageIncrement>();
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const merge = (into: Map<string, repo.UsageIncrement>, row: repo.UsageIncrement) => {
    const key = keyOf(row.applicationId, row.period);
    const had = into.get(key);
    if (had) {
      had.messages += row.messages;
      had.mtu += row.mtu;
    } else into.set(key, { ...row });
  };

  const schedule = () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, intervalMs);
    // Pending usage alone must not keep the process alive; shutdown flushes it.
    timer.unref();
  };

  async function writeOnce(): Promise<void> {
    if (waiting.size === 0) return;
    inFlight = waiting;
    waiting = new Map();
    waitingMessages = 0;
    try {
      await repo.addUsage(db, [...inFlight.values()]);
    } catch (err) {
      // Kept for the next write: a database hiccup must not lose the counts.
      for (const row of inFlight.values()) {
        merge(waiting, row);
        waitingMessages += row.messages;
      }
      schedule();
      opts.onError?.(err);
    } finally {
      inFlight = new Map();
    }
  }

  function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    // One write at a time: a flush asked during a write runs after it.
    const run = (writing ?? Promise.resolve()).then(writeOnce);
    const current = run.finally(() => {
      if (writing === current) writing = null;
    });
    writing = current;
    return current;
  }

  return {
    add(applicationId, period, delta) {
      if (delta.messages <= 0 && delta.mtu <= 0) return;
      merge(waiting, { applicationId, period, ...delta });
      waitingMessages += delta.messages;
      if (waitingMessages >= flushAt) void flush();
      else schedule();
    },
    pending(applicationId, fromPeriod) {
      const total = { messages: 0, mtu: 0 };
      for (const map of [waiting, inFlight]) {
        for (const row of map.values()) {
          if (row.applicationId !== applicationId || row.period < fromPeriod) continue;
          total.messages += row.messages;
          total.mtu += row.mtu;
        }
      }
      return total;
    },
    async settled() {
      while (writing) await writing;
    },
    flush,
    async close() {
      await flush();
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
    },
  };
}

// One meter per database handle of the process: the send path, the billing screen and shutdown
// find the same one without threading it through every caller of the send path. A caller that
// sends through a transaction of its own (the demo seed) closes that handle's meter before the
// transaction ends, so the counts are written in it.
const meters = new WeakMap<Db, UsageMeter>();

/** The process's meter of `db` (created on first use; `opts` apply only then). */
export function usageMeterOf(db: Db, opts?: UsageMeterOptions): UsageMeter {
  let meter = meters.get(db);
  if (!meter) {
    meter = createUsageMeter(db, opts);
    meters.set(db, meter);
  }
  return meter;
}

/** Usage of an application from `fromPeriod` on: the database's counters plus this process's pending deltas. */
export async function usageSince(db: Db, applicationId: string, fromPeriod: string): Promise<UsageDelta> {
  const meter = meters.get(db);
  await meter?.settled();
  const stored = await repo.usageSince(db, applicationId, fromPeriod);
  const pending = meter?.pending(applicationId, fromPeriod) ?? { messages: 0, mtu: 0 };
  return { messages: stored.messages + pending.messages, mtu: stored.mtu + pending.mtu };
}
