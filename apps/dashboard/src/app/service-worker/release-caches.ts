// SPEC §1, §2, §9: the dashboard registers /service-worker.js and, when the release that last wrote
// this browser's data is not the running one, deletes the caches the older release left behind.
// The pure decision is here; service-worker.ts applies it to the browser.

/** Cache names to delete: all of them when the stored release differs from the latest, else none. */
export function staleCaches(
  storedVersion: string | null,
  latestVersion: string,
  cacheNames: readonly string[],
) {
  return storedVersion === latestVersion ? [] : [...cacheNames];
}
