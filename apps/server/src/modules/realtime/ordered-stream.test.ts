import { describe, expect, it } from 'vitest';
import type { StoredEvent } from './event-types.js';
import { OrderedStream } from './ordered-stream.js';

const ev = (seq: number): StoredEvent => ({
  seq,
  type: 't',
  appId: 'a',
  conversationId: null,
  audience: 'members',
  data: {},
});

describe('OrderedStream', () => {
  it('releases events in seq order whatever order they arrive in', () => {
    const out: number[] = [];
    const s = new OrderedStream(
      (e) => out.push(e.seq),
      async () => [],
    );
    s.startAfter(0);
    s.push(ev(2));
    s.push(ev(3));
    expect(out).toEqual([]);
    s.push(ev(1));
    expect(out).toEqual([1, 2, 3]);
    s.dispose();
  });

  it('ignores duplicates and events from before its start', () => {
    const out: number[] = [];
    const s = new OrderedStream(
      (e) => out.push(e.seq),
      async () => [],
    );
    s.startAfter(5);
    s.push(ev(4));
    s.push(ev(6));
    s.push(ev(6));
    expect(out).toEqual([6]);
    s.dispose();
  });

  it('fills a lasting gap from the store', async () => {
    const out: number[] = [];
    const s = new OrderedStream(
      (e) => out.push(e.seq),
      async (from, to) => Array.from({ length: to - from }, (_, i) => ev(from + i)),
      10,
    );
    s.startAfter(0);
    s.push(ev(1));
    s.push(ev(4));
    await new Promise((r) => setTimeout(r, 50));
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });

  it('catches up from the store after the bus was down, without a later event', async () => {
    const out: number[] = [];
    const stored = [ev(1), ev(2), ev(3), ev(4)];
    const s = new OrderedStream(
      (e) => out.push(e.seq),
      async (from, to) => stored.filter((e) => e.seq >= from && e.seq < to),
    );
    s.startAfter(0);
    s.push(ev(1));
    await s.catchUp();
    expect(out).toEqual([1, 2, 3, 4]);
    s.push(ev(3));
    expect(out).toEqual([1, 2, 3, 4]);
    s.dispose();
  });
});
