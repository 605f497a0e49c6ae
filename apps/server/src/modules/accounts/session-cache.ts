import { TtlCache } from '../../platform/ttl-cache.js';

// Every API call starts with "whose token is this?". Answering it from the database costs a
// round trip per request; this cache answers repeated calls of one token for a couple of seconds.
//
// What it may hold back, and for how long: an entry lives at most its TTL (SESSION_CACHE_MS,
// 2 s by default) and never past the session's own expiry. On this process, signing out, revoking
// a member's sessions, changing a user's role or status, and deleting customers forget the
// affected entries at once (the functions below are called by the repositories that make those
// writes). Revocations of members also travel to the other nodes (realtime/hub.ts). A change made
// by hand in the database, or a sign-out on another node, is noticed within the TTL.

export interface CachedSession {
  user: { id: string; userId: string; roleType: string | null; status: number };
  application: { id: string; key: string; product: string; disabledAt: Date | null };
  session: { expiresAt: Date };
}

export class SessionCache<S extends CachedSession = CachedSession> {
  private readonly entries: TtlCache<S>;
  /** Moves on every forget: a lookup that started before one must not store what it read. */
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 20_000) {
    this.entries = new TtlCache<S>({ ttlMs, maxEntries });
  }

  /** A live cached session of this token, or undefined. */
  get(tokenHash: string, now: Date): S | undefined {
    const found = this.entries.get(tokenHash);
    if (found && found.session.expiresAt > now) return found;
    if (found) this.entries.delete(tokenHash);
    return undefined;
  }

  /** The cache's state before a database lookup; pass it to `set`. */
  mark(): number {
    return this.generation;
  }

  /** Stores a session read after `mark`, unless something was forgotten meanwhile. */
  set(tokenHash: string, session: S, mark: number): void {
    if (mark === this.generation) this.entries.set(tokenHash, session);
  }

  forgetToken(tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(tokenHash);
  }

  forgetUsers(userIds: ReadonlySet<string>): void {
    this.generation += 1;
    this.entries.deleteWhere((s) => userIds.has(s.user.id));
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** What the forget functions need of a cache. */
interface Forgettable {
  forgetToken(tokenHash: string): void;
  forgetUsers(userIds: ReadonlySet<string>): void;
  clear(): void;
}

/** The caches of this process (one per server instance; tests run several). */
const caches = new Set<Forgettable>();

/** A cache that the forget functions below reach; `close` detaches it. */
export function openSessionCache<S extends CachedSession>(ttlMs: number) {
  const cache = new SessionCache<S>(ttlMs);
  caches.add(cache);
  return {
    cache,
    close: () => {
      caches.delete(cache);
    },
  };
}

export function forgetSessionToken(tokenHash: string): void {
  for (const c of caches) c.forgetToken(tokenHash);
}

/** Users by users.id: their sessions are looked up again on the next request. */
export function forgetSessionsOfUsers(userIds: Iterable<string>): void {
  const set = new Set(userIds);
  if (set.size === 0) return;
  for (const c of caches) c.forgetUsers(set);
}

/** For writes that affect users not named by id (bulk changes), and for tests that edit rows by hand. */
export function forgetAllSessions(): void {
  for (const c of caches) c.clear();
}
