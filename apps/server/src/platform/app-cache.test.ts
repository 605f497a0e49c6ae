import { describe, expect, it } from 'vitest';
import { connectAppCaches, createAppCache } from './app-cache.js';
import type { Db } from './db/database.js';
import { createMemoryPubSub, type PubSub } from './pubsub/pubsub.js';

// Two distinct handles stand for two databases; the cache only compares them.
const dbA = {} as Db;
const dbB = {} as Db;

function counter(value: string[]) {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return value;
    },
    get loads() {
      return loads;
    },
  };
}

describe('app cache', () => {
  it('reads an application once, then answers from memory, per application and per database', async () => {
    const cache = createAppCache<string[]>('test.once');
    const a = counter(['w1']);
    expect(await cache.get(dbA, 'app-1', a.load)).toEqual(['w1']);
    expect(await cache.get(dbA, 'app-1', a.load)).toEqual(['w1']);
    expect(a.loads).toBe(1);
    // Another application, and the same application id in another database, are read again.
    const b = counter(['w2']);
    expect(await cache.get(dbA, 'app-2', b.load)).toEqual(['w2']);
    expect(await cache.get(dbB, 'app-1', b.load)).toEqual(['w2']);
    expect(b.loads).toBe(2);
  });

  it('reads again after an invalidation, and after the entry expired', async () => {
    let now = 1_000;
    const cache = createAppCache<string[]>('test.expiry', { ttlMs: 100, now: () => now });
    const a = counter([]);
    await cache.get(dbA, 'app-1', a.load);
    cache.invalidate('app-1');
    await cache.get(dbA, 'app-1', a.load);
    expect(a.loads).toBe(2);
    now += 99;
    await cache.get(dbA, 'app-1', a.load);
    expect(a.loads).toBe(2);
    now += 1;
    await cache.get(dbA, 'app-1', a.load);
    expect(a.loads).toBe(3);
  });

  it('does not keep an answer read before a change that committed while it ran', async () => {
    const cache = createAppCache<string[]>('test.race');
    let release: (value: string[]) => void = () => {};
    const slow = cache.get(dbA, 'app-1', () => new Promise<string[]>((r) => (release = r)));
    // The webhook is created while the read is on its way: the read may have seen the old list.
    cache.invalidate('app-1');
    release([]);
    expect(await slow).toEqual([]);
    const fresh = counter(['new']);
    expect(await cache.get(dbA, 'app-1', fresh.load)).toEqual(['new']);
    expect(fresh.loads).toBe(1);
  });

  it("follows another node's invalidations, publishes its own, and forgets everything on a reconnect", async () => {
    const cache = createAppCache<string[]>('test.nodes');
    let reconnect: () => void = () => {};
    const memory = createMemoryPubSub();
    const pubsub: PubSub = { ...memory, onReconnect: (handler) => (reconnect = handler) };
    const published: unknown[] = [];
    await pubsub.subscribe('convo:app-cache', (message) => published.push(message));
    const disconnect = await connectAppCaches(pubsub);
    try {
      const a = counter(['w1']);
      await cache.get(dbA, 'app-1', a.load);
      await cache.get(dbA, 'app-2', a.load);
      // Another node's change, as it arrives through the pub/sub.
      await pubsub.publish('convo:app-cache', { cache: 'test.nodes', applicationId: 'app-1' });
      await cache.get(dbA, 'app-1', a.load);
      await cache.get(dbA, 'app-2', a.load);
      expect(a.loads).toBe(3);
      // A message of another shape, or for another cache, changes nothing.
      await pubsub.publish('convo:app-cache', { cache: 'test.other', applicationId: 'app-2' });
      await pubsub.publish('convo:app-cache', { applicationId: 'app-2' });
      await cache.get(dbA, 'app-2', a.load);
      expect(a.loads).toBe(3);

      cache.invalidate('app-2');
      expect(published).toContainEqual({ cache: 'test.nodes', applicationId: 'app-2' });

      await cache.get(dbA, 'app-2', a.load);
      reconnect();
      await cache.get(dbA, 'app-1', a.load);
      await cache.get(dbA, 'app-2', a.load);
      expect(a.loads).toBe(6);
    } finally {
      disconnect();
      await memory.close();
    }
  });
});
