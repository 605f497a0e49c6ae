/**
 * A small in-memory cache whose entries live `ttlMs` milliseconds, holding at most `maxEntries`
 * (the oldest goes first). Concurrent `getOrCompute` calls for one key share one computation, and
 * a failed computation is not cached. Per process: two nodes each keep their own.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: TtlCacheOptions) {
    if (!(opts.ttlMs > 0)) throw new Error('ttlMs must be positive');
    this.ttlMs = opts.ttlMs;
    this.maxEntries = Math.max(1, opts.maxEntries ?? 1000);
    this.now = opts.now ?? Date.now;
  }

  /** The live value of a key, or undefined (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value, or computes, stores and returns it; `hit` tells which. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const cached = this.get(key);
    if (cached !== undefined) return { value: cached, hit: true };
    const pending = this.inFlight.get(key);
    if (pending) return { value: await pending, hit: true };
    const promise = compute();
    this.inFlight.set(key, promise);
    try {
      const value = await promise;
      this.set(key, value);
      return { value, hit: false };
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Drops expired entries, then the oldest ones until there is room for one more. */
  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}
