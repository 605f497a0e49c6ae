import type { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLimitStore, memoryLimitStore } from './limit-store.js';

describe('memory limit store', () => {
  it('counts hits in a fixed window and starts over after it', async () => {
    let now = 1_000;
    const store = memoryLimitStore(() => now);
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 10_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, ttlMs: 50_000 });
    now += 50_000;
    expect((await store.hit('k', 60_000)).count).toBe(1);
  });

  it('charges attempts, takes the lock past the free ones, refuses while locked', async () => {
    let now = 0;
    const store = memoryLimitStore(() => now);
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 1, probing: false });
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 2, probing: false });
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 3, probing: true });
    // The probing attempt holds the lock: a parallel one is refused.
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ lockedMs: 30_000 });
    await store.lock('a', 120_000);
    now += 60_000;
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ lockedMs: 60_000 });
    now += 60_000;
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 4, probing: true });
    await store.release('a', true);
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 4, probing: true });
    await store.clear('a');
    expect(await store.charge('a', 2, 900_000, 30_000)).toEqual({ count: 1, probing: false });
  });
});

describe('limit store on a failing Redis', () => {
  it('counts on the node instead of failing the request or dropping the limit', async () => {
    const broken = { eval: () => Promise.reject(new Error('down')) } as unknown as Redis;
    const store = createLimitStore(broken, pino({ level: 'silent' }));
    expect((await store.hit('k', 60_000)).count).toBe(1);
    expect((await store.hit('k', 60_000)).count).toBe(2);
  });
});
