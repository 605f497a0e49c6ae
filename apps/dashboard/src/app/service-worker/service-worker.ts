import { RELEASE_VERSION, SERVICE_WORKER_PATH } from '@convo/domain';
import { storage } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { staleCaches } from './release-caches';

/**
 * On start: a new release deletes the caches of the previous one (Cache Storage), then records
 * itself as the release that owns this browser's data. Failures are logged, never shown.
 */
export async function clearCachesOfOldRelease(latest: string = RELEASE_VERSION): Promise<string[]> {
  const stored = storage.getItem(STORAGE_KEYS.version);
  let deleted: string[] = [];
  if (typeof caches !== 'undefined' && stored !== latest) {
    try {
      deleted = staleCaches(stored, latest, await caches.keys());
      await Promise.all(deleted.map((name) => caches.delete(name)));
    } catch (error) {
      console.warn('Old release caches not cleared', error);
    }
  }
  storage.setItem(STORAGE_KEYS.version, latest);
  return deleted;
}

/** Registers /service-worker.js once the page has loaded (it shows push notifications, §2). */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_PATH)
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
