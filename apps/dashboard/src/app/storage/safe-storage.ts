// Browser binding of the storage wrapper: localStorage, or memory when it overflows or is refused.

import { createSafeStorage, type KeyValueStore } from './safe-storage-core';

/** Window event raised when localStorage is full; the Browser storage full modal listens to it. */
export const QUOTA_EXCEEDED_EVENT = 'convo:storage-quota-exceeded';

export interface QuotaExceededDetail {
  key: string;
}

function openLocalStorage(): KeyValueStore | null {
  try {
    const store = window.localStorage;
    // Touch it: some privacy modes throw on first access only.
    store.getItem('__probe__');
    return store;
  } catch (error) {
    console.error('localStorage is not available; using memory storage', error);
    return null;
  }
}

export const storage = createSafeStorage({
  persistent: typeof window === 'undefined' ? null : openLocalStorage(),
  onQuotaExceeded: (key) => {
    console.error(`localStorage quota exceeded while writing "${key}"; using memory storage`);
    window.dispatchEvent(new CustomEvent<QuotaExceededDetail>(QUOTA_EXCEEDED_EVENT, { detail: { key } }));
  },
  onError: (error) => console.error('Storage error', error),
});
