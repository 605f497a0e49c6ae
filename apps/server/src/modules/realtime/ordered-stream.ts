import type { StoredEvent } from './event-types.js';

/**
 * Puts one application's events back in seq order. Transactions commit in seq order, but their
 * after-commit publishes may arrive in any order; an event is released only when every lower seq
 * has been, and a gap that lasts is filled from the database (a later committed seq implies the
 * earlier ones are committed too).
 */
export class OrderedStream {
  private next: number | null = null;
  private readonly pending = new Map<number, StoredEvent>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly release: (e: StoredEvent) => void,
    private readonly fill: (from: number, to: number) => Promise<StoredEvent[]>,
    private readonly gapWaitMs = 200,
  ) {}

  /** Start after this seq (the application's current seq when its first socket attached). */
  startAfter(seq: number) {
    if (this.next === null || seq + 1 > this.next) this.next = seq + 1;
    // Only here can held events fall behind the start (push refuses them): drop those.
    for (const held of this.pending.keys()) if (held < this.next) this.pending.delete(held);
    this.flush();
  }

  push(e: StoredEvent) {
    if (this.next === null) this.next = e.seq;
    if (e.seq < this.next) return;
    this.pending.set(e.seq, e);
    this.flush();
  }

  private flush() {
    if (this.next === null) return;
    let e = this.pending.get(this.next);
    while (e) {
      this.pending.delete(this.next);
      this.release(e);
      this.next += 1;
      e = this.pending.get(this.next);
    }
    if (this.pending.size === 0) {
      // The gap filled itself: its timer would read the store for a later gap before that one
      // had waited its turn.
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.fillGap();
      }, this.gapWaitMs);
      this.timer.unref();
    }
  }

  /** Holds events read from the store, except those released while the read ran. */
  private hold(events: readonly StoredEvent[]) {
    for (const e of events)
      if (this.next !== null && e.seq >= this.next && !this.pending.has(e.seq)) this.pending.set(e.seq, e);
  }

  private async fillGap() {
    if (this.next === null || this.pending.size === 0) return;
    const lowestPending = Math.min(...this.pending.keys());
    try {
      const missing = await this.fill(this.next, lowestPending);
      this.hold(missing);
      // Nothing stored for the gap at all: skip it rather than stall the stream.
      // (Never backwards: the gap may have been filled by pushes during the read.)
      if (missing.length === 0 && this.next !== null && lowestPending > this.next) this.next = lowestPending;
    } catch {
      // The database is unreachable: try again on the next tick of the timer.
    }
    this.flush();
  }

  /**
   * Reads everything stored after the last released seq (the bus was down: publishes were lost
   * and no later event may come to reveal the gap).
   */
  async catchUp(): Promise<void> {
    if (this.next === null) return;
    try {
      const missing = await this.fill(this.next, Number.MAX_SAFE_INTEGER);
      this.hold(missing);
    } catch {
      // The database is unreachable too: the next event's gap fill or resume recovers it.
    }
    this.flush();
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.pending.clear();
  }
}
