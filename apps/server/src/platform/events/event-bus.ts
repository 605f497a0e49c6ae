// A typed in-process event bus for events raised inside a transaction (issue 33): the module that
// changes something emits one event with what changed; the modules that react subscribe to it
// from the composition root (app.ts), so the emitter imports none of them. The emitter awaits every
// subscriber in the order they subscribed, inside its transaction: a subscriber enqueues its job
// with the same transaction handle, and a subscriber that throws fails the emit, so the whole
// transaction rolls back, exactly as the direct call it replaces did. Imports no module.

/** A handler of one event; it runs inside the emitter's transaction (the payload carries it). */
export type Subscriber<P> = (payload: P) => unknown;

export interface EventBus<E extends object> {
  /**
   * Adds a subscriber under a name: subscribing again with the same name replaces it (so wiring
   * the composition twice in one process, as tests do, never doubles a job). Returns the undo.
   */
  subscribe<K extends keyof E & string>(event: K, name: string, subscriber: Subscriber<E[K]>): () => void;
  /** Runs the event's subscribers one after another, in subscription order; rejects with the first failure. */
  emit<K extends keyof E & string>(event: K, payload: E[K]): Promise<void>;
  /** The subscribers' names of an event, in the order they run (for the architecture picture and tests). */
  subscribers<K extends keyof E & string>(event: K): string[];
}

export function createEventBus<E extends object>(): EventBus<E> {
  const handlers = new Map<string, Map<string, Subscriber<never>>>();
  const of = (event: string) => {
    let found = handlers.get(event);
    if (!found) {
      found = new Map();
      handlers.set(event, found);
    }
    return found;
  };
  return {
    subscribe(event, name, subscriber) {
      const list = of(event);
      // Replacing keeps the first subscription's place in the order.
      list.set(name, subscriber as Subscriber<never>);
      return () => {
        if (list.get(name) === subscriber) list.delete(name);
      };
    },
    async emit(event, payload) {
      const list = handlers.get(event);
      if (!list) return;
      // Sequential on purpose: they share one transaction, whose statements run one at a time.
      for (const subscriber of [...list.values()]) await (subscriber as Subscriber<typeof payload>)(payload);
    },
    subscribers(event) {
      return [...(handlers.get(event)?.keys() ?? [])];
    },
  };
}
