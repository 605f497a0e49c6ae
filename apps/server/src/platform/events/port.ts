// A dependency a module needs from a module above it (issue 33): the lower module declares the
// port with the shape it needs, the composition root (app.ts) provides the higher module's function
// at start-up, so the lower module imports none of it and no two modules import each other. Where
// the lower module only tells what happened, an event (event-bus.ts) is used instead; a port is for
// an answer it needs back. Imports no module.

export interface Port<T> {
  /** Provides (or replaces, as wiring the composition twice in one process does) the implementation. */
  provide(implementation: T): void;
  /** The provided implementation; throws when the composition root has not provided it. */
  get(): T;
}

export function createPort<T>(name: string): Port<T> {
  let provided: T | null = null;
  return {
    provide(implementation) {
      provided = implementation;
    },
    get() {
      if (provided === null)
        throw new Error(`${name} is not provided: the composition root (app.ts) wires it`);
      return provided;
    },
  };
}
