import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLimitStore, type LimitStore, memoryLimitStore, routeLimitStore } from './limit-store.js';

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

describe('per-route limits on the shared store', () => {
  async function appWith(store: LimitStore) {
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: routeLimitStore(store) });
    for (const url of ['/a', '/b'])
      app.get(url, { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('counts each route apart and refuses past its max, also while Redis is down', async () => {
    const broken = { eval: () => Promise.reject(new Error('down')) } as unknown as Redis;
    const app = await appWith(createLimitStore(broken, pino({ level: 'silent' })));
    const codes = async (url: string) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await app.inject({ method: 'GET', url })).statusCode);
      return out;
    };
    expect(await codes('/a')).toEqual([200, 200, 429]);
    expect(await codes('/b')).toEqual([200, 200, 429]);
    await app.close();
  });

  it('keeps its counters in the store every other limit uses', async () => {
    const store = memoryLimitStore();
    const app = await appWith(store);
    await app.inject({ method: 'GET', url: '/a', remoteAddress: '10.0.0.9' });
    expect((await store.hit('route:GET/a-10.0.0.9', 60_000)).count).toBe(2);
    await app.close();
  });
});
