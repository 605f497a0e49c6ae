/** What the index needs of a connection: its application and the audiences it listens to (fixed once open). */
export interface Listener {
  readonly appId: string;
  readonly audiences: ReadonlySet<string>;
}

/**
 * The open connections of this node by application and by audience, so that an event costs the
 * connections it reaches, not every connection of its application: with 5,000 visitors of one
 * application online, scanning them all for each event took four fifths of the server's time and
 * cut sends from 2,760 to 630 a second (docs/performance.md, "Sends").
 */
export class AudienceIndex<T extends Listener> {
  private readonly apps = new Map<string, { all: Set<T>; byAudience: Map<string, Set<T>> }>();

  add(conn: T): void {
    let app = this.apps.get(conn.appId);
    if (!app) {
      app = { all: new Set(), byAudience: new Map() };
      this.apps.set(conn.appId, app);
    }
    app.all.add(conn);
    for (const audience of conn.audiences) {
      let set = app.byAudience.get(audience);
      if (!set) {
        set = new Set();
        app.byAudience.set(audience, set);
      }
      set.add(conn);
    }
  }

  /** Forgets `conn`; true when its application has no connection left on this node. */
  remove(conn: T): boolean {
    const app = this.apps.get(conn.appId);
    if (!app?.all.delete(conn)) return false;
    for (const audience of conn.audiences) {
      const set = app.byAudience.get(audience);
      set?.delete(conn);
      if (set?.size === 0) app.byAudience.delete(audience);
    }
    if (app.all.size > 0) return false;
    this.apps.delete(conn.appId);
    return true;
  }

  /** The connections of `appId` listening to `audience`, in the order they opened. */
  listening(appId: string, audience: string): Iterable<T> {
    return this.apps.get(appId)?.byAudience.get(audience) ?? [];
  }

  /** The connections of `appId` listening to any of `audiences`, each once. */
  reaching(appId: string, audiences: readonly string[]): T[] {
    const app = this.apps.get(appId);
    if (!app) return [];
    const found = new Set<T>();
    for (const audience of audiences) for (const conn of app.byAudience.get(audience) ?? []) found.add(conn);
    return [...found];
  }

  /** Every connection, of every application. */
  *all(): Iterable<T> {
    for (const app of this.apps.values()) yield* app.all;
  }

  get size(): number {
    let n = 0;
    for (const app of this.apps.values()) n += app.all.size;
    return n;
  }

  clear(): void {
    this.apps.clear();
  }
}
