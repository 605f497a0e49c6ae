/**
 * Group commit for one kind of write: calls arriving while a batch of the same key (an
 * application) is being written wait and go together in the next batch. Alone, a call is written
 * after one turn of the event loop (a batch of one); under load, batches grow and the cost of a
 * transaction is shared.
 *
 * `lanes` batches of one key may be written at once (default 1: one after the other, in arrival
 * order). With more lanes, `groupOf` keeps order where it matters: calls of one group are never in
 * two batches being written at the same time, so a later call of a group never overtakes an
 * earlier one.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export type BatchRunner<I, O> = (key: string, items: readonly I[]) => Promise<Outcome<O>[]>;

export interface KeyedBatcher<I, O> {
  submit(key: string, item: I): Promise<O>;
  /** Calls waiting or being written now (for tests and shutdown). */
  pending(): number;
}

export interface BatcherOptions<I> {
  /** Batches of one key written at once (default 1). */
  lanes?: number;
  /** The group of a call; calls of one group keep their order across lanes. */
  groupOf?: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  group: string | null;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createKeyedBatcher<I, O>(
  run: BatchRunner<I, O>,
  maxBatch: number,
  options: BatcherOptions<I> = {},
): KeyedBatcher<I, O> {
  const lanes = Math.max(1, options.lanes ?? 1);
  const queues = new Map<string, Waiting<I, O>[]>();
  /** Lanes writing now, per key. */
  const running = new Map<string, number>();
  /** Groups in a batch being written, per key. */
  const writing = new Map<string, Set<string>>();
  let inFlight = 0;

  /** The next batch of a key: the oldest calls whose group is not being written by another lane. */
  function take(key: string): Waiting<I, O>[] {
    const queue = queues.get(key);
    if (!queue || queue.length === 0) return [];
    const busy = writing.get(key);
    if (!busy || busy.size === 0) return queue.splice(0, maxBatch);
    const taken: Waiting<I, O>[] = [];
    const left: Waiting<I, O>[] = [];
    for (const w of queue) {
      if (taken.length < maxBatch && (w.group === null || !busy.has(w.group))) taken.push(w);
      else left.push(w);
    }
    queue.splice(0, queue.length, ...left);
    return taken;
  }

  async function drain(key: string): Promise<void> {
    running.set(key, (running.get(key) ?? 0) + 1);
    let groups = writing.get(key);
    if (!groups) {
      groups = new Set();
      writing.set(key, groups);
    }
    try {
      for (;;) {
        // One turn of the event loop first: requests already read from their sockets reach
        // `submit` and join this batch. Without it a database that answers at once (PGlite, on
        // the server's thread before it had one of its own) wrote every call alone.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = take(key);
        if (batch.length === 0) break;
        for (const w of batch) if (w.group !== null) groups.add(w.group);
        let outcomes: Outcome<O>[];
        try {
          outcomes = await run(
            key,
            batch.map((w) => w.item),
          );
        } catch (error) {
          outcomes = batch.map(() => ({ ok: false, error }));
        } finally {
          for (const w of batch) if (w.group !== null) groups.delete(w.group);
        }
        batch.forEach((w, i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new Error('batch returned no outcome') };
          inFlight -= 1;
          if (outcome.ok) w.resolve(outcome.value);
          else w.reject(outcome.error);
        });
      }
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else {
        running.delete(key);
        writing.delete(key);
        if (queues.get(key)?.length === 0) queues.delete(key);
      }
    }
  }

  return {
    submit(key, item) {
      return new Promise<O>((resolve, reject) => {
        let queue = queues.get(key);
        if (!queue) {
          queue = [];
          queues.set(key, queue);
        }
        queue.push({ item, group: options.groupOf?.(item) ?? null, resolve, reject });
        inFlight += 1;
        if ((running.get(key) ?? 0) < lanes) void drain(key);
      });
    },
    pending: () => inFlight,
  };
}
