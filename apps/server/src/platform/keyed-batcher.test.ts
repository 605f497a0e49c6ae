import { describe, expect, it } from 'vitest';
import { createKeyedBatcher, type Outcome } from './keyed-batcher.js';

const tick = () => new Promise((r) => setTimeout(r, 5));
/** One turn of the event loop: the batcher has started the batch of what was submitted before. */
const turn = () => new Promise((r) => setImmediate(r));

describe('keyed batcher', () => {
  it('writes a lone call alone and groups the calls that arrive while it is written', async () => {
    const batches: number[][] = [];
    const b = createKeyedBatcher<number, number>(async (_key, items) => {
      batches.push([...items]);
      await tick();
      return items.map((i) => ({ ok: true, value: i * 10 }));
    }, 100);
    const first = b.submit('app', 1);
    await turn();
    const rest = [2, 3, 4].map((i) => b.submit('app', i));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(b.pending()).toBe(0);
  });

  it('puts the calls of one turn of the event loop in one batch', async () => {
    const batches: number[][] = [];
    const b = createKeyedBatcher<number, number>(async (_key, items) => {
      batches.push([...items]);
      return items.map((i) => ({ ok: true, value: i }));
    }, 100);
    expect(await Promise.all([1, 2, 3].map((i) => b.submit('app', i)))).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('keeps keys apart, caps the batch size and rejects only the failed items', async () => {
    const batches: string[] = [];
    const b = createKeyedBatcher<number, number>(async (key, items) => {
      batches.push(`${key}:${items.join(',')}`);
      await tick();
      return items.map(
        (i): Outcome<number> => (i === 3 ? { ok: false, error: new Error('bad 3') } : { ok: true, value: i }),
      );
    }, 2);
    const calls = [b.submit('a', 1), b.submit('b', 9), b.submit('a', 2), b.submit('a', 3), b.submit('a', 4)];
    const settled = await Promise.allSettled(calls);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(batches).toEqual(['a:1,2', 'b:9', 'a:3,4']);
  });

  it('rejects the whole batch when the runner throws, and goes on with the next', async () => {
    let calls = 0;
    const b = createKeyedBatcher<number, number>(async (_key, items) => {
      calls += 1;
      await tick();
      if (calls === 1) throw new Error('database down');
      return items.map((i) => ({ ok: true, value: i }));
    }, 10);
    const first = b.submit('a', 1);
    await turn();
    const second = b.submit('a', 2);
    await expect(first).rejects.toThrow('database down');
    await expect(second).resolves.toBe(2);
  });

  it('with two lanes writes a second batch while the first is written, never one group in both', async () => {
    const batches: string[][] = [];
    let writing = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const b = createKeyedBatcher<string, string>(
      async (_key, items) => {
        batches.push([...items]);
        writing += 1;
        most = Math.max(most, writing);
        await new Promise<void>((r) => releases.push(r));
        writing -= 1;
        return items.map((i) => ({ ok: true, value: i }));
      },
      100,
      { lanes: 2, groupOf: (item) => item.split('-')[0]! },
    );
    const first = b.submit('app', 'a-1');
    await turn();
    // Lane one writes [a-1]; lane two takes what arrives now, except group a.
    const second = ['b-1', 'a-2', 'c-1'].map((i) => b.submit('app', i));
    await turn();
    await turn();
    expect(batches).toEqual([['a-1'], ['b-1', 'c-1']]);
    expect(most).toBe(2);
    // a-2 waits for a-1's batch, then goes in order.
    releases.shift()!();
    await turn();
    await turn();
    releases.shift()!();
    await turn();
    await turn();
    expect(batches[2]).toEqual(['a-2']);
    releases.shift()!();
    expect(await Promise.all([first, ...second])).toEqual(['a-1', 'b-1', 'a-2', 'c-1']);
    expect(b.pending()).toBe(0);
  });
});
