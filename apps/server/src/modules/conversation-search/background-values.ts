import type { Db } from '../../platform/db/database.js';

// Figures a plan is chosen from (word statistics, tag counts): read in the background and reused
// for a while, so that a request never waits for them. Until the first read of a key has arrived
// the request gets null and keeps the planner's own plan.

interface Entry<T> {
  at: number;
  value: T | null;
  loading: Promise<void> | null;
}

export interface BackgroundValues<T> {
  /** The value last read for `key`, or null; starts a read when it is older than the time to live. */
  get(db: Db, key: string, read: () => Promise<T>, now?: number): T | null;
  /** Waits for the reads in progress (tests). */
  settled(db: Db): Promise<void>;
}

/** Values per database and key, each read again once older than `ttlMs`; at most `maxKeys` kept. */
export function backgroundValues<T>(ttlMs: number, maxKeys: number): BackgroundValues<T> {
  const caches = new WeakMap<Db, Map<string, Entry<T>>>();
  return {
    get(db, key, read, now = Date.now()) {
      let cache = caches.get(db);
      if (!cache) {
        cache = new Map();
        caches.set(db, cache);
      }
      let entry = cache.get(key);
      if (!entry) {
        if (cache.size >= maxKeys) cache.clear();
        entry = { at: 0, value: null, loading: null };
        cache.set(key, entry);
      }
      if (!entry.loading && now - entry.at >= ttlMs) {
        const e = entry;
        e.loading = read()
          .then((value) => {
            e.value = value;
          })
          .catch(() => {
            // An optimisation: without the value the planner keeps its own plan.
          })
          .finally(() => {
            e.at = Date.now();
            e.loading = null;
          });
      }
      return entry.value;
    },
    async settled(db) {
      await Promise.all([...(caches.get(db)?.values() ?? [])].map((e) => e.loading));
    },
  };
}
