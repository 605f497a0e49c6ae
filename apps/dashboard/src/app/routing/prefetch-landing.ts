import type { QueryClient } from '@tanstack/react-query';
import { requestFirstListPage } from '../../features/inbox/lib/saved-filter';
import { getSession } from '../session/session-store';
import { LANDING_NAMESPACES, landingFor } from './landing';
import { DashboardPage, InboxPage } from './pages';
import { SignedInContainer } from './signed-in-page';

// A signed-in load of /dashboard otherwise waits in turn for the run-time config, the container's
// chunk, the page's chunk, the analytics translations and only then the overview's query (issue
// 18's 1 s budget). The chunks are asked for as boot starts, beside the config and the
// translations (a handful of files since the build groups its chunks, see vite.config.ts); the
// overview as soon as the config (its API base URL) is in, before the router renders.

// /conversations (and a conversation's own address) likewise, its list's first page instead of the
// overview: without this its chunks came one after another (the container's, then the shell's,
// then the inbox's, each asked for once the one before had run), its translations after them, and
// the list asked for its first page only once the whole page had rendered.

/** The signed-in pages a cold load prepares for at boot's start. */
const LANDINGS = {
  dashboard: DashboardPage,
  inbox: InboxPage,
} as const;

const currentLanding = (pathname: string) => landingFor(pathname, getSession() !== null);

function landingOf(pathname: string): keyof typeof LANDINGS | null {
  const landing = currentLanding(pathname);
  return landing === 'dashboard' || landing === 'inbox' ? landing : null;
}

/** The namespaces the landing page needs besides the default one, loaded with it at start-up. */
export function landingNamespaces(pathname: string): string[] {
  return [...LANDING_NAMESPACES[currentLanding(pathname)]];
}

/**
 * At boot's start: the landing page's code starts to download. Resolves once it is in (failed or
 * not: the page's render then reports a failure), at once when there is nothing to load.
 */
export function prefetchLandingChunks(pathname: string): Promise<void> {
  const landing = landingOf(pathname);
  if (landing === null) return Promise.resolve();
  return Promise.all([SignedInContainer.preload(), LANDINGS[landing].preload()]).then(() => undefined);
}

// The first query's code (its contract, zod) comes with the page's chunks, not in the boot chunk:
// it is asked for at boot's start, beside the config, and runs once both are in (issue 39).
type FirstQuery = (queryClient: QueryClient) => Promise<void> | undefined;
const FIRST_QUERY: Record<keyof typeof LANDINGS, () => Promise<FirstQuery>> = {
  dashboard: () =>
    import('../../features/analytics/lib/initial-overview').then((m) => m.prefetchInitialOverview),
  inbox: () => import('../../features/inbox/lib/conversation-list-query').then((m) => m.prefetchInitialList),
};
let firstQuery: Promise<FirstQuery> | null = null;

// The first query's request itself needs no more than the boot chunk has (the session, the
// config's base URL): it goes out as soon as the config is in, before the page's code has come,
// and the query, once its code runs, takes its answer (api-client's requestEarly).
// /dashboard's overview comes from a small chunk of its own (its range's code in the boot chunk
// would take /conversations, which loads the same boot chunk, past its 200 KB budget), which
// index.html's early start preloads with the page's chunks. It is imported at boot's start, before
// the app's chunks: a module imported later runs only after those have (the shell's alone took
// 100–150 ms in CPU profiles), and the request waited for them.
type FirstRequest = () => void;
const FIRST_REQUEST_CODE: Record<keyof typeof LANDINGS, () => Promise<FirstRequest>> = {
  dashboard: () =>
    import('../../features/analytics/lib/initial-overview-request').then((m) => m.requestInitialOverview),
  inbox: () => Promise.resolve(requestFirstListPage),
};
let firstRequest: Promise<FirstRequest> | null = null;

/**
 * At boot's start, before the app's chunks are asked for: the code of the landing page's first
 * request (first, so that it runs before those chunks) and of its first query.
 */
export function prefetchLandingCode(pathname: string): void {
  const landing = landingOf(pathname);
  if (landing === null) return;
  firstRequest ??= FIRST_REQUEST_CODE[landing]();
  firstQuery ??= FIRST_QUERY[landing]();
}

let dataStarted = false;
let dataSettled: Promise<void> = Promise.resolve();

/** Once the config is loaded: the landing page's first query goes out. */
export function prefetchLandingData(pathname: string): void {
  const landing = landingOf(pathname);
  if (dataStarted || landing === null) return;
  dataStarted = true;
  prefetchLandingCode(pathname);
  // The page asks for it itself once its code is in, and reports a chunk that does not load.
  firstRequest?.then(
    (request) => request(),
    () => undefined,
  );
  // The query client comes with the whole app's chunk (full-app.tsx), asked for at boot's start.
  // The query runs once the first request has left (its code may come last), so that it takes
  // that request's answer instead of asking again.
  dataSettled = Promise.all([firstQuery, import('../query-client'), firstRequest]).then(
    ([prefetch, { queryClient }]) => prefetch?.(queryClient),
    // The page asks again itself, and reports a chunk that does not load.
    () => undefined,
  );
}

/**
 * Resolves once the landing page's first query has its answer (or failed), or after `maxMs`,
 * whichever comes first; at once when there is none. Boot waits for it when the page's code is in:
 * the first render then draws the list's rows (or the overview) too, instead of a loader followed
 * by a second render of the whole page when the answer comes a moment later.
 */
export function landingDataOrAfter(maxMs: number): Promise<void> {
  if (!dataStarted) return Promise.resolve();
  return Promise.race([dataSettled, new Promise<void>((resolve) => setTimeout(resolve, maxMs))]);
}
