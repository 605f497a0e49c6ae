import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TtlCache', () => {
  it('keeps a value for its time to live and drops it after', () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 120_000, now: c.now });
    cache.set('a', 1);
    c.advance(119_999);
    expect(cache.get('a')).toBe(1);
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('computes once, then serves the cached value until it expires', async () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 1_000, now: c.now });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.getOrCompute('k', compute)).toEqual({ value: 1, hit: false });
    expect(await cache.getOrCompute('k', compute)).toEqual({ value: 1, hit: true });
    c.advance(1_000);
    expect(await cache.getOrCompute('k', compute)).toEqual({ value: 2, hit: false });
  });

  it('shares one computation between concurrent callers of a key', async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    let calls = 0;
    let release: (v: string) => void = () => {};
    const compute = () => {
      calls += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const a = cache.getOrCompute('k', compute);
    const b = cache.getOrCompute('k', compute);
    release('done');
    expect((await a).value).toBe('done');
    expect((await b).value).toBe('done');
    expect(calls).toBe(1);
  });

  it('does not cache a failure', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000 });
    await expect(cache.getOrCompute('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrCompute('k', async () => 7)).toEqual({ value: 7, hit: false });
  });

  it('keeps keys apart and evicts the oldest when full', () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 10_000, maxEntries: 2, now: c.now });
    cache.set('a', 1);
    c.advance(1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('evicts expired entries before live ones', () => {
    const c = clock();
    const cache = new TtlCache<number>({ ttlMs: 100, maxEntries: 2, now: c.now });
    cache.set('old', 1);
    c.advance(50);
    cache.set('live', 2);
    c.advance(60); // 'old' has expired, 'live' has not
    cache.set('new', 3);
    expect(cache.get('live')).toBe(2);
    expect(cache.get('new')).toBe(3);
  });

  it('refuses a time to live that is not positive', () => {
    expect(() => new TtlCache({ ttlMs: 0 })).toThrow();
  });
});
