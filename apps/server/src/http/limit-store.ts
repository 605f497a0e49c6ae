import { rateLimitedMessage } from '@convo/domain';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from './errors.js';

// Counters for the limits that span several routes (a visitor's sends, conversation creation) and
// for sign-in throttling. In Redis when it is configured, so every node shares them; in memory
// otherwise (one node). A Redis failure falls back to this node's memory rather than failing the
// request or dropping the limit.

export type ChargeResult = { lockedMs: number } | { count: number; probing: boolean };

export interface LimitStore {
  /** Counts one hit in a fixed window; the count includes it, `ttlMs` is what is left of the window. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * One sign-in attempt on a counter: refused while it is locked; otherwise counted (the counter
   * forgets after `windowMs` without attempts). Past `max` the attempt also takes the lock for
   * `probeMs` while it runs (`probing`), so parallel requests cannot all slip through.
   */
  charge(key: string, max: number, windowMs: number, probeMs: number): Promise<ChargeResult>;
  lock(key: string, ms: number): Promise<void>;
  /** Takes back one charged attempt (and the lock it took). */
  release(key: string, probing: boolean): Promise<void>;
  clear(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: LimitStore;
  }
}

/** 429 RATE_LIMITED, the body every limit answers with. */
export function rateLimited(waitMs: number): AppError {
  return new AppError(429, 'RATE_LIMITED', rateLimitedMessage(waitMs));
}

export interface HitLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** Counts the request on each limit in turn; past one answers 429 with Retry-After. */
export async function enforceLimits(
  store: LimitStore,
  reply: FastifyReply,
  limits: readonly HitLimit[],
): Promise<void> {
  const waitMs = await limitPassed(store, limits);
  if (waitMs !== null) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw rateLimited(waitMs);
  }
}

/**
 * Counts one action on each limit in turn: null while all allow it, else how long the first one
 * passed stays closed (what a socket's frame answers, where there is no reply to set a header on).
 */
export async function limitPassed(store: LimitStore, limits: readonly HitLimit[]): Promise<number | null> {
  for (const limit of limits) {
    const { count, ttlMs } = await store.hit(limit.key, limit.windowMs);
    // Refused at once: a flood refused on one counter does not use up the next (an address's).
    if (count > limit.max) return ttlMs;
  }
  return null;
}

export function createLimitStore(redis: Redis | undefined, logger: Logger): LimitStore {
  const memory = memoryLimitStore();
  if (!redis) return memory;
  const remote = redisLimitStore(redis);
  let warned = false;
  const withFallback =
    <A extends unknown[], R>(
      name: keyof LimitStore,
      fn: (...args: A) => Promise<R>,
      local: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (!warned)
          logger.warn(
            { err: (err as Error).message, op: name },
            'redis limits unavailable: counting on this node',
          );
        warned = true;
        return local(...args);
      }
    };
  return {
    hit: withFallback('hit', remote.hit, memory.hit),
    charge: withFallback('charge', remote.charge, memory.charge),
    lock: withFallback('lock', remote.lock, memory.lock),
    release: withFallback('release', remote.release, memory.release),
    clear: withFallback('clear', remote.clear, memory.clear),
  };
}

export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const locks = new Map<string, number>();
  const live = (key: string) => {
    const c = counters.get(key);
    if (c && c.expiresAt <= now()) counters.delete(key);
    return counters.get(key);
  };
  const lockLeft = (key: string) => {
    const until = locks.get(key);
    if (until === undefined) return 0;
    if (until <= now()) locks.delete(key);
    return Math.max(0, until - now());
  };
  // Forget expired entries now and then, so a flood of distinct keys does not grow memory forever.
  let ops = 0;
  const sweep = () => {
    if (++ops % 1000 !== 0) return;
    const t = now();
    for (const [k, c] of counters) if (c.expiresAt <= t) counters.delete(k);
    for (const [k, until] of locks) if (until <= t) locks.delete(k);
  };
  return {
    async hit(key, windowMs) {
      sweep();
      const c = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      c.count += 1;
      counters.set(key, c);
      return { count: c.count, ttlMs: c.expiresAt - now() };
    },
    async charge(key, max, windowMs, probeMs) {
      sweep();
      const left = lockLeft(key);
      if (left > 0) return { lockedMs: left };
      const count = (live(key)?.count ?? 0) + 1;
      counters.set(key, { count, expiresAt: now() + windowMs });
      const probing = count > max;
      if (probing) locks.set(key, now() + probeMs);
      return { count, probing };
    },
    async lock(key, ms) {
      locks.set(key, now() + ms);
    },
    async release(key, probing) {
      const c = live(key);
      if (c) c.count -= 1;
      if (c && c.count <= 0) counters.delete(key);
      if (probing) locks.delete(key);
    },
    async clear(key) {
      counters.delete(key);
      locks.delete(key);
    },
  };
}

// Keys in one hash slot per counter ({…}), so the scripts also run on a Redis Cluster.
const counterKey = (key: string) => `convo-lim:{${key}}`;
const lockKey = (key: string) => `convo-lim:{${key}}:lock`;
const pair = z.tuple([z.number(), z.number()]);

const HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

const CHARGE = `
local left = redis.call('PTTL', KEYS[2])
if left > 0 then return {-1, left} end
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {n, 1}
end
return {n, 0}`;

const RELEASE = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
if ARGV[1] == '1' then redis.call('DEL', KEYS[2]) end
return {n, 0}`;

export function redisLimitStore(redis: Redis): LimitStore {
  return {
    async hit(key, windowMs) {
      const [count, ttlMs] = pair.parse(await redis.eval(HIT, 1, counterKey(key), windowMs));
      return { count, ttlMs };
    },
    async charge(key, max, windowMs, probeMs) {
      const [n, flag] = pair.parse(
        await redis.eval(CHARGE, 2, counterKey(key), lockKey(key), max, windowMs, probeMs),
      );
      return n < 0 ? { lockedMs: flag } : { count: n, probing: flag === 1 };
    },
    async lock(key, ms) {
      await redis.set(lockKey(key), '1', 'PX', Math.max(1, Math.round(ms)));
    },
    async release(key, probing) {
      await redis.eval(RELEASE, 2, counterKey(key), lockKey(key), probing ? '1' : '0');
    },
    async clear(key) {
      await redis.del(counterKey(key), lockKey(key));
    },
  };
}

/**
 * The per-route limits of @fastify/rate-limit (`config.rateLimit` on a route) count on the same
 * store as everything else, so they share its Redis scripts and its fallback to this node's memory
 * when Redis fails (the plugin's own Redis store would let every request through instead).
 */
export function routeLimitStore(store: LimitStore): FastifyRateLimitStoreCtor {
  return class RouteLimitStore implements FastifyRateLimitStore {
    prefix = 'route:';
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      store.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes its merged parameters with the route as `routeInfo` (its typings differ).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const child = new RouteLimitStore();
      child.prefix = `${this.prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`;
      return child;
    }
  };
}
