import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Every webhook delivery starts with its channel account and application. Providers post many
// deliveries a second to one account, so the lookup is kept in memory for a short while (the
// same 2 s as the session cache): an admin's connect, disable, enable or delete on this node
// forgets it at once, another node's within the TTL. Concurrent deliveries share one lookup.

const TTL_MS = 2_000;
type Found = Awaited<ReturnType<typeof repo.findAccountForDelivery>>;
interface Entry {
  found: Promise<Found>;
  expiresAt: number;
}
const caches = new WeakMap<Db, Map<string, Entry>>();
const keyOf = (applicationId: string, kind: string) => `${applicationId}\n${kind}`;

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The channel account with its application, as `repo.findAccountForDelivery` answers it. */
export function accountForDelivery(
  db: Db,
  applicationId: string,
  kind: string,
  /** Who reads on a miss: a transaction under way (the send's) reads through its own handle. */
  reader: Db = db,
): Promise<Found> {
  const cache = cacheOf(db);
  const key = keyOf(applicationId, kind);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.found;
  const found = repo.findAccountForDelivery(reader, applicationId, kind);
  const entry = { found, expiresAt: now + TTL_MS };
  cache.set(key, entry);
  // A failed lookup is not remembered.
  found.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  // Bounded by the accounts delivering in the last TTL: expired entries go on the next miss.
  if (cache.size > 10_000) for (const [k, e] of cache) if (e.expiresAt <= now) cache.delete(k);
  return found;
}

/** After an admin's change to the account (connect, enable, disable, delete). */
export function forgetAccount(db: Db, applicationId: string, kind: string): void {
  caches.get(db)?.delete(keyOf(applicationId, kind));
}
