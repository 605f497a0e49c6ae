import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** Fan-out between server processes: in-process by default, Redis when several nodes run. */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub needs a connection of its own for subscribing. Both reconnect by themselves; a
 * message published while a node is cut off is recovered by its clients through `seq` resume.
 */
export function createRedisPubSub(url: string, onError: (err: Error) => void): PubSub {
  const pub = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', onError);
  sub.on('error', onError);
  const handlers = new Map<string, Set<(payload: string) => void>>();
  sub.on('message', (channel: string, payload: string) => {
    for (const h of handlers.get(channel) ?? []) h(payload);
  });
  return {
    kind: 'redis',
    async publish(channel, payload) {
      await pub.publish(channel, payload);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await sub.subscribe(channel);
      }
      set.add(handler);
    },
    async close() {
      handlers.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
