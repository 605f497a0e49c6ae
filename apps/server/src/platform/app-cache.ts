import type { Db } from './db/database.js';
import type { PubSub } from './pubsub/pubsub.js';

// Per-application values that every send reads and that almost never change: which webhooks and
// automation hooks an application has. Read inside each batch of sends they were two of its eight
// round trips (issue 39 item 3). Kept in memory per process instead, and dropped on every node
// when they change:
// - the module that changes one calls `invalidate` after its write committed: this process drops
//   the entry at once and publishes the application on the pub/sub, so every other node drops it
//   within the pub/sub's delay (a send on another node in those milliseconds still sees the old
//   list, as a send racing the write did before);
// - a read that started before an invalidation does not store its answer (a generation per
//   application), so an old answer never outlives the change;
// - entries expire after `ttlMs` (changes from outside a server: the ops commands, SQL) and all of
//   them go when the pub/sub reconnects (invalidations published meanwhile were lost);
// - an entry belongs to one database handle: two databases in one process (tests) never share one.

const CHANNEL = 'convo:app-cache';

interface Entry<V> {
  db: Db;
  value: V;
  expiresAt: number;
}

export interface AppCache<V> {
  /** The application's value: from memory while fresh, else `load` (inside the caller's transaction). */
  get(db: Db, applicationId: string, load: () => Promise<V>): Promise<V>;
  /** After a committed change: dropped here at once, and on the other nodes through the pub/sub. */
  invalidate(applicationId: string): void;
}

interface Registered {
  drop(applicationId: string): void;
  clear(): void;
}

const caches = new Map<string, Registered>();
const connections = new Set<PubSub>();

export function createAppCache<V>(
  name: string,
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): AppCache<V> {
  const ttlMs = opts.ttlMs ?? 30_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  // Bumped by each drop of an application, and `epoch` by each clear: a read stores its answer only
  // when neither moved while it ran.
  const generations = new Map<string, number>();
  let epoch = 0;
  const clear = () => {
    entries.clear();
    generations.clear();
    epoch += 1;
  };
  const drop = (applicationId: string) => {
    entries.delete(applicationId);
    generations.set(applicationId, (generations.get(applicationId) ?? 0) + 1);
    if (generations.size > maxEntries) clear();
  };
  caches.set(name, { drop, clear });
  return {
    async get(db, applicationId, load) {
      const entry = entries.get(applicationId);
      if (entry && entry.db === db && entry.expiresAt > now()) return entry.value;
      const started = { epoch, generation: generations.get(applicationId) ?? 0 };
      const value = await load();
      // Dropped meanwhile: the answer may predate the change, so it is not kept.
      if (started.epoch === epoch && started.generation === (generations.get(applicationId) ?? 0)) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(applicationId, { db, value, expiresAt: now() + ttlMs });
      }
      return value;
    },
    invalidate(applicationId) {
      drop(applicationId);
      for (const pubsub of connections) {
        // Lost here: the other nodes keep the old list until its entry expires.
        pubsub.publish(CHANNEL, { cache: name, applicationId }).catch(() => {});
      }
    },
  };
}

/**
 * The rows `read` gives, skipped while `cache` knows the application has none: what the send path
 * asks of a subscriber's hooks. A miss reads once and remembers whether there were any; an
 * application that has some is read every time, so its rows are never out of date.
 */
export async function rowsUnlessNone<T>(
  cache: AppCache<boolean>,
  db: Db,
  applicationId: string,
  read: () => Promise<readonly T[]>,
): Promise<readonly T[]> {
  let loaded: readonly T[] | undefined;
  const any = await cache.get(db, applicationId, async () => {
    loaded = await read();
    return loaded.length > 0;
  });
  if (!any) return [];
  return loaded ?? read();
}

/**
 * Makes this process's app caches follow the invalidations of the other nodes on `pubsub` (once
 * per pub/sub: the composition root of the web and worker roles calls it); returns the undo.
 */
export async function connectAppCaches(pubsub: PubSub): Promise<() => void> {
  connections.add(pubsub);
  await pubsub.subscribe(CHANNEL, (message) => {
    const cache = typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : {};
    const applicationId = cache.applicationId;
    if (typeof cache.cache !== 'string' || typeof applicationId !== 'string') return;
    caches.get(cache.cache)?.drop(applicationId);
  });
  pubsub.onReconnect?.(() => {
    for (const cache of caches.values()) cache.clear();
  });
  return () => {
    connections.delete(pubsub);
  };
}
