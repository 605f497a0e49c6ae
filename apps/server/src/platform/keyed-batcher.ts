/**
 * Group commit for one kind of write: calls arriving while a batch of the same key (an
 * application) is being written wait and go together in the next batch. Alone, a call is written
 * after one turn of the event loop (a batch of one); under load, batches grow and the cost of a
 * transaction is shared.
 * Batches of one key never overlap, so they also keep their arrival order.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export type BatchRunner<I, O> = (key: string, items: readonly I[]) => Promise<Outcome<O>[]>;

export interface KeyedBatcher<I, O> {
  submit(key: string, item: I): Promise<O>;
  /** Calls waiting or being written now (for tests and shutdown). */
  pending(): number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createKeyedBatcher<I, O>(run: BatchRunner<I, O>, maxBatch: number): KeyedBatcher<I, O> {
  const queues = new Map<string, Waiting<I, O>[]>();
  const busy = new Set<string>();
  let inFlight = 0;

  async function drain(key: string): Promise<void> {
    busy.add(key);
    try {
      for (;;) {
        // One turn of the event loop first: requests already read from their sockets reach
        // `submit` and join this batch. Without it an in-process database (PGlite, whose queries
        // never yield to I/O) would write every call alone.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const queue = queues.get(key);
        if (!queue || queue.length === 0) break;
        const batch = queue.splice(0, maxBatch);
        let outcomes: Outcome<O>[];
        try {
          outcomes = await run(
            key,
            batch.map((w) => w.item),
          );
        } catch (error) {
          outcomes = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((w, i) => {
          const outcome = outcomes[i] ?? { ok: false, error: new Error('batch returned no outcome') };
          inFlight -= 1;
          if (outcome.ok) w.resolve(outcome.value);
          else w.reject(outcome.error);
        });
      }
    } finally {
      busy.delete(key);
      if (queues.get(key)?.length === 0) queues.delete(key);
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
        queue.push({ item, resolve, reject });
        inFlight += 1;
        if (!busy.has(key)) void drain(key);
      });
    },
    pending: () => inFlight,
  };
}
