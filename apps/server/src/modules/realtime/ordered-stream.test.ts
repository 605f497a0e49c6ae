import { describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from './event-types.js';
import { OrderedStream } from './ordered-stream.js';

const ev = (seq: number): StoredEvent => ({
  seq,
  type: 't',
  appId: 'a',
  conversationId: null,
  audiences: ['members'],
  data: {},
});

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stream started after seq 0, and what it released, in order. */
function started(
  fill: (from: number, to: number) => Promise<StoredEvent[]> = async () => [],
  gapWaitMs?: number,
) {
  const out: number[] = [];
  const s = new OrderedStream((e) => out.push(e.seq), fill, gapWaitMs);
  s.startAfter(0);
  return { out, s };
}

/** A stream whose gap reads answer only when the test says so. */
function startedWithHeldReads() {
  let answer: (events: StoredEvent[]) => void = () => {};
  const stream = started(() => new Promise<StoredEvent[]>((r) => (answer = r)), 5);
  return { ...stream, answer: (events: StoredEvent[]) => answer(events) };
}

describe('OrderedStream', () => {
  it('releases events in seq order whatever order they arrive in', () => {
    const { out, s } = started();
    s.push(ev(2));
    s.push(ev(3));
    expect(out).toEqual([]);
    s.push(ev(1));
    expect(out).toEqual([1, 2, 3]);
    s.dispose();
  });

  it('ignores duplicates and events from before its start', () => {
    const { out, s } = started();
    s.startAfter(5);
    s.push(ev(4));
    s.push(ev(6));
    s.push(ev(6));
    expect(out).toEqual([6]);
    s.dispose();
  });

  it('fills a lasting gap from the store', async () => {
    const { out, s } = started(
      async (from, to) => Array.from({ length: to - from }, (_, i) => ev(from + i)),
      10,
    );
    s.push(ev(1));
    s.push(ev(4));
    await tick(50);
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });

  it('reads the store only for a gap that lasts its wait, not one that filled itself before', async () => {
    vi.useFakeTimers();
    try {
      const reads: number[][] = [];
      const { out, s } = started(async (from, to) => {
        reads.push([from, to]);
        return Array.from({ length: to - from }, (_, i) => ev(from + i));
      }, 40);
      // A gap that the late publish fills at once.
      s.push(ev(2));
      s.push(ev(1));
      await vi.advanceTimersByTimeAsync(30);
      // A second gap, 30 ms into the first one's wait: it gets its own 40 ms.
      s.push(ev(4));
      await vi.advanceTimersByTimeAsync(20);
      expect(reads).toEqual([]);
      await vi.advanceTimersByTimeAsync(30);
      expect(reads).toEqual([[3, 4]]);
      expect(out).toEqual([1, 2, 3, 4]);
      s.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('catches up from the store after the bus was down, without a later event', async () => {
    const stored = [ev(1), ev(2), ev(3), ev(4)];
    const { out, s } = started(async (from, to) => stored.filter((e) => e.seq >= from && e.seq < to));
    s.push(ev(1));
    await s.catchUp();
    expect(out).toEqual([1, 2, 3, 4]);
    s.push(ev(3));
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });

  it('does not release twice what pushes delivered while a gap was being read', async () => {
    const { out, s, answer } = startedWithHeldReads();
    s.push(ev(3));
    await tick(20); // the gap read of 1-2 is under way
    s.push(ev(1));
    s.push(ev(2));
    expect(out).toEqual([1, 2, 3]);
    answer([ev(1), ev(2)]);
    await tick(20);
    s.push(ev(4));
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });

  it('does not move back when a gap read finds nothing after pushes filled it', async () => {
    const { out, s, answer } = startedWithHeldReads();
    s.push(ev(2));
    await tick(20);
    s.push(ev(1));
    s.push(ev(3));
    answer([]);
    await tick(20);
    s.push(ev(4));
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });

  it('drops held events a later start has passed', () => {
    const { out, s } = started();
    s.push(ev(3));
    s.startAfter(5);
    s.push(ev(6));
    expect(out).toEqual([6]);
    s.dispose();
  });
});
