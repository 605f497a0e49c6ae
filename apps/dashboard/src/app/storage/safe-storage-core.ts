// Pure core of the storage wrapper: no window, no DOM. The browser binding is safe-storage.ts.

/** The subset of the Web Storage API the dashboard uses. */
export interface KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createMemoryStore(initial: Iterable<readonly [string, string]> = []): KeyValueStore {
  const map = new Map<string, string>(initial);
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
  };
}

/** Recognises the quota error of every browser (name, legacy Firefox name, legacy codes 22 and 1014). */
export function isQuotaExceededError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

export function listKeys(store: KeyValueStore): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** The keys that "Clear local data" removes: everything not on the essential list. */
export function keysToClear(keys: readonly string[], essential: readonly string[]): string[] {
  return keys.filter((key) => !essential.includes(key));
}

export type StorageMode = 'persistent' | 'memory';

export interface SafeStorage extends KeyValueStore {
  readonly mode: StorageMode;
  /** Removes every key not listed in `keep`, from both the persistent and the in-memory store. */
  clearExcept(keep: readonly string[]): void;
  getJson<T>(key: string): T | null;
  setJson(key: string, value: unknown): void;
}

export interface SafeStorageOptions {
  /** The persistent store (localStorage), or null when the browser refuses access to it. */
  persistent: KeyValueStore | null;
  /** Called once, when a write overflows the quota and the storage falls back to memory. */
  onQuotaExceeded: (key: string) => void;
  /** Called for other storage failures (e.g. SecurityError); defaults to ignoring them. */
  onError?: (error: unknown) => void;
}

/**
 * Wraps a persistent store. A write that overflows the quota moves everything to an in-memory
 * copy (so the app keeps working for this tab) and raises onQuotaExceeded once. Removals still go
 * to the persistent store too, so a logout stays visible to other tabs.
 */
export function createSafeStorage({ persistent, onQuotaExceeded, onError }: SafeStorageOptions): SafeStorage {
  let memory: KeyValueStore | null = persistent === null ? createMemoryStore() : null;
  const report = (error: unknown) => onError?.(error);

  const fallBackToMemory = (): KeyValueStore => {
    const copy = createMemoryStore();
    if (persistent !== null) {
      try {
        for (const key of listKeys(persistent)) {
          const value = persistent.getItem(key);
          if (value !== null) copy.setItem(key, value);
        }
      } catch (error) {
        report(error);
      }
    }
    memory = copy;
    return copy;
  };

  const active = (): KeyValueStore => memory ?? (persistent as KeyValueStore);

  const storage: SafeStorage = {
    get mode(): StorageMode {
      return memory === null ? 'persistent' : 'memory';
    },
    get length() {
      try {
        return active().length;
      } catch (error) {
        report(error);
        return 0;
      }
    },
    key(index) {
      try {
        return active().key(index);
      } catch (error) {
        report(error);
        return null;
      }
    },
    getItem(key) {
      try {
        return active().getItem(key);
      } catch (error) {
        report(error);
        return null;
      }
    },
    setItem(key, value) {
      if (memory !== null) {
        memory.setItem(key, value);
        return;
      }
      try {
        persistent?.setItem(key, value);
      } catch (error) {
        if (!isQuotaExceededError(error)) {
          report(error);
          return;
        }
        fallBackToMemory().setItem(key, value);
        onQuotaExceeded(key);
      }
    },
    removeItem(key) {
      memory?.removeItem(key);
      try {
        persistent?.removeItem(key);
      } catch (error) {
        report(error);
      }
    },
    clearExcept(keep) {
      const stores = [memory, persistent].filter((s): s is KeyValueStore => s !== null);
      for (const store of stores) {
        try {
          for (const key of keysToClear(listKeys(store), keep)) store.removeItem(key);
        } catch (error) {
          report(error);
        }
      }
    },
    getJson<T>(key: string): T | null {
      const raw = storage.getItem(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      storage.setItem(key, JSON.stringify(value));
    },
  };
  return storage;
}

/** Characters used per key (key + value), largest first: what the storage-full report lists. */
export function usageByKey(store: KeyValueStore): { key: string; size: number }[] {
  return listKeys(store)
    .map((key) => ({ key, size: key.length + (store.getItem(key)?.length ?? 0) }))
    .sort((a, b) => b.size - a.size);
}
