// SPEC §9 "feature flag refresh 300 s": the run-time config (the server's switches: Google sign-in,
// error reporting, the support application…) is read again every FEATURE_FLAG_REFRESH_SECONDS.
// When the server now runs another release than this page, the page is told (refresh notice).

import { FEATURE_FLAG_REFRESH_SECONDS } from '@convo/domain';
import { loadConfig } from './config-store';

export const CONFIG_REFRESH_MS = FEATURE_FLAG_REFRESH_SECONDS * 1000;

/** The server answers with a release other than the one this page was loaded with. */
export function isOtherRelease(running: string, served: string): boolean {
  return served.trim() !== '' && served !== running;
}

/** Starts the refresh; returns the stop function. A failed read keeps the current flags. */
export function startConfigRefresh(
  runningVersion: string,
  onNewRelease: (served: string) => void,
): () => void {
  let told = false;
  const timer = setInterval(() => {
    loadConfig().then(
      (config) => {
        if (!told && isOtherRelease(runningVersion, config.version)) {
          told = true;
          onNewRelease(config.version);
        }
      },
      (error: unknown) => console.warn('Feature flags not refreshed', error),
    );
  }, CONFIG_REFRESH_MS);
  return () => clearInterval(timer);
}
