import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Fan-out between server processes: in-process by default, Redis when several nodes run.
 * Messages are JSON-serialisable objects. In process they are handed over as they are (no
 * serialising round trip on the hot path), so a handler must treat what it gets as read-only;
 * through Redis they travel as JSON (a payload that is not JSON is dropped).
 */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: object): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): Promise<void>;
  /**
   * Called once the subscription is back after a lost connection: whatever was published
   * meanwhile never arrived, so listeners catch up from the database.
   */
  onReconnect?(handler: () => void): void;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      emitter.emit(channel, message);
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
  // No ready check on the subscriber: its INFO can race the queued SUBSCRIBE at connect and fail
  // the start with "Connection in subscriber mode" (ioredis#2037).
  const sub = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
  pub.on('error', onError);
  sub.on('error', onError);
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let connectedBefore = false;
  sub.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    // ioredis resubscribes by itself; once our channels are confirmed, listeners catch up.
    const channels = [...handlers.keys()];
    const resubscribed = channels.length > 0 ? sub.subscribe(...channels) : Promise.resolve(0);
    resubscribed.then(
      () => {
        for (const h of reconnectHandlers) h();
      },
      (err: unknown) => onError(err instanceof Error ? err : new Error(String(err))),
    );
  });
  sub.on('message', (channel: string, payload: string) => {
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    for (const h of handlers.get(channel) ?? []) h(message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      // While Redis is away, fail at once rather than hold the user's request in the offline
      // queue: the event is stored, and the hubs catch up when their subscription is back.
      if (pub.status !== 'ready') throw new Error(`redis is ${pub.status}`);
      await pub.publish(channel, JSON.stringify(message));
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
    onReconnect(handler) {
      reconnectHandlers.add(handler);
    },
    async close() {
      handlers.clear();
      reconnectHandlers.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
