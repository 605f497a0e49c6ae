import { normalizePath } from '@convo/domain';
import { getSession } from '../session/session-store';
import { DashboardPage } from './pages';
import { PATHS } from './paths';
import { SignedInContainer } from './signed-in-page';

// A signed-in load of /dashboard otherwise waits in turn for the run-time config, the container's
// chunk, the page's chunk, the analytics translations and only then the overview's query (issue
// 18's 1 s budget). The chunks are asked for as boot starts, beside the config and the
// translations (a handful of files since the build groups its chunks, see vite.config.ts); the
// overview as soon as the config (its API base URL) is in, before the router renders.

/** The namespaces the landing page needs besides the default one, loaded with it at start-up. */
export function landingNamespaces(pathname: string): string[] {
  return landsOnDashboard(pathname) ? ['analytics'] : [];
}

function landsOnDashboard(pathname: string): boolean {
  return getSession() !== null && normalizePath(pathname) === PATHS.dashboard;
}

/**
 * At boot's start: the landing page's code starts to download. Resolves once it is in (failed or
 * not: the page's render then reports a failure), at once when there is nothing to load.
 */
export function prefetchLandingChunks(pathname: string): Promise<void> {
  if (!landsOnDashboard(pathname)) return Promise.resolve();
  return Promise.all([SignedInContainer.preload(), DashboardPage.preload()]).then(() => undefined);
}

// The overview's code (its contract, zod) comes with the page's chunks, not in the boot chunk: it
// is asked for at boot's start, beside the config, and runs once both are in (issue 39).
let overviewModule: Promise<typeof import('../../features/analytics/lib/initial-overview')> | null = null;

/** At boot's start: the landing page's first query's code starts to download. */
export function prefetchLandingDataCode(pathname: string): void {
  if (overviewModule !== null || !landsOnDashboard(pathname)) return;
  overviewModule = import('../../features/analytics/lib/initial-overview');
}

let dataStarted = false;

/** Once the config is loaded: the landing page's first query goes out. */
export function prefetchLandingData(pathname: string): void {
  if (dataStarted || !landsOnDashboard(pathname)) return;
  dataStarted = true;
  prefetchLandingDataCode(pathname);
  // The query client comes with the whole app's chunk (full-app.tsx), asked for at boot's start.
  Promise.all([overviewModule, import('../query-client')]).then(
    ([m, { queryClient }]) => m?.prefetchInitialOverview(queryClient),
    // The page asks again itself, and reports a chunk that does not load.
    () => undefined,
  );
}
