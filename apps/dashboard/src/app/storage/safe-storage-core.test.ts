import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryStore,
  createSafeStorage,
  isQuotaExceededError,
  type KeyValueStore,
  keysToClear,
  listKeys,
  usageByKey,
} from './safe-storage-core';

/** A persistent store that refuses writes once `capacity` characters are used. */
function limitedStore(capacity: number): KeyValueStore {
  const inner = createMemoryStore();
  const used = () => listKeys(inner).reduce((sum, k) => sum + k.length + (inner.getItem(k)?.length ?? 0), 0);
  return {
    get length() {
      return inner.length;
    },
    key: (i) => inner.key(i),
    getItem: (k) => inner.getItem(k),
    removeItem: (k) => inner.removeItem(k),
    setItem: (k, v) => {
      const previous = inner.getItem(k)?.length ?? 0;
      if (used() - previous + k.length + v.length > capacity) {
        const error = new Error('full');
        error.name = 'QuotaExceededError';
        throw error;
      }
      inner.setItem(k, v);
    },
  };
}

describe('isQuotaExceededError', () => {
  it('recognises the names and legacy codes', () => {
    expect(isQuotaExceededError({ name: 'QuotaExceededError' })).toBe(true);
    expect(isQuotaExceededError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaExceededError({ name: 'x', code: 22 })).toBe(true);
    expect(isQuotaExceededError({ name: 'x', code: 1014 })).toBe(true);
    expect(isQuotaExceededError(new TypeError('nope'))).toBe(false);
    expect(isQuotaExceededError(null)).toBe(false);
  });
});

describe('createSafeStorage', () => {
  it('writes through to the persistent store while there is room', () => {
    const persistent = limitedStore(1000);
    const onQuotaExceeded = vi.fn();
    const storage = createSafeStorage({ persistent, onQuotaExceeded });
    storage.setItem('a', '1');
    expect(persistent.getItem('a')).toBe('1');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.mode).toBe('persistent');
    expect(onQuotaExceeded).not.toHaveBeenCalled();
  });

  it('falls back to memory on quota overflow, keeps earlier data and raises the event once', () => {
    const persistent = limitedStore(20);
    const onQuotaExceeded = vi.fn();
    const storage = createSafeStorage({ persistent, onQuotaExceeded });
    storage.setItem('keep', 'small');
    storage.setItem('big', 'x'.repeat(50));
    expect(storage.mode).toBe('memory');
    expect(storage.getItem('big')).toBe('x'.repeat(50));
    expect(storage.getItem('keep')).toBe('small');
    expect(persistent.getItem('big')).toBeNull();
    storage.setItem('another', 'y'.repeat(50));
    expect(storage.getItem('another')).toBe('y'.repeat(50));
    expect(onQuotaExceeded).toHaveBeenCalledTimes(1);
    expect(onQuotaExceeded).toHaveBeenCalledWith('big');
  });

  it('removals reach the persistent store even in memory mode (logout broadcast)', () => {
    const persistent = limitedStore(20);
    const storage = createSafeStorage({ persistent, onQuotaExceeded: () => {} });
    storage.setItem('session', 'abc');
    storage.setItem('big', 'x'.repeat(50));
    storage.removeItem('session');
    expect(storage.getItem('session')).toBeNull();
    expect(persistent.getItem('session')).toBeNull();
  });

  it('uses memory from the start when there is no persistent store, without raising the event', () => {
    const onQuotaExceeded = vi.fn();
    const storage = createSafeStorage({ persistent: null, onQuotaExceeded });
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.mode).toBe('memory');
    expect(onQuotaExceeded).not.toHaveBeenCalled();
  });

  it('reports other errors without throwing', () => {
    const broken: KeyValueStore = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {},
    };
    const onError = vi.fn();
    const storage = createSafeStorage({ persistent: broken, onQuotaExceeded: () => {}, onError });
    expect(storage.getItem('a')).toBeNull();
    storage.setItem('a', '1');
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('clearExcept removes every key but the essential ones, in both stores', () => {
    const persistent = limitedStore(60);
    const storage = createSafeStorage({ persistent, onQuotaExceeded: () => {} });
    storage.setItem('session', 's');
    storage.setItem('drafts', 'd');
    storage.setItem('huge', 'x'.repeat(100));
    storage.clearExcept(['session']);
    expect(storage.getItem('session')).toBe('s');
    expect(storage.getItem('drafts')).toBeNull();
    expect(storage.getItem('huge')).toBeNull();
    expect(listKeys(persistent)).toEqual(['session']);
  });

  it('reads and writes JSON, tolerating garbage', () => {
    const storage = createSafeStorage({ persistent: createMemoryStore(), onQuotaExceeded: () => {} });
    storage.setJson('o', { a: 1 });
    expect(storage.getJson<{ a: number }>('o')).toEqual({ a: 1 });
    storage.setItem('bad', '{not json');
    expect(storage.getJson('bad')).toBeNull();
    expect(storage.getJson('missing')).toBeNull();
  });
});

describe('keysToClear', () => {
  it('keeps only what is essential', () => {
    expect(keysToClear(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
  });
});

describe('usageByKey', () => {
  it('lists keys by size, largest first', () => {
    const store = createMemoryStore([
      ['a', 'x'],
      ['bb', 'x'.repeat(10)],
    ]);
    expect(usageByKey(store)).toEqual([
      { key: 'bb', size: 12 },
      { key: 'a', size: 2 },
    ]);
  });
});
