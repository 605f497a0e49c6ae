import { normalizePath } from '@convo/domain';
import { prefetchInitialOverview } from '../../features/analytics/initial-overview';
import { i18next } from '../../i18n/i18n';
import { queryClient } from '../query-client';
import { getSession } from '../session/session-store';
import { PATHS } from './paths';

// A signed-in load of /dashboard otherwise waits in turn for the container's chunk, the page's
// chunk, the analytics translations and only then the overview's query (issue 18's 1 s budget).
// Called once the config and the translations are in, before the router renders: the overview's
// request goes out ahead of the dozens of chunk requests that would otherwise hold the browser's
// few connections to the server, and both chunks (the container's, the page's) load side by side.

let started = false;

export function prefetchLanding(pathname: string): void {
  if (started || getSession() === null || normalizePath(pathname) !== PATHS.dashboard) return;
  started = true;
  prefetchInitialOverview(queryClient);
  void import('../layout/signed-in-container');
  void import('../../features/home/dashboard-page');
  void i18next.loadNamespaces('analytics');
}
