import { Redis } from 'ioredis';

/** One Redis connection for shared counters; commands fail fast instead of queueing forever. */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}
