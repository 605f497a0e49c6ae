import { prefetchInitialOverview } from '../../features/analytics/initial-overview';
import { i18next } from '../../i18n/i18n';
import { queryClient } from '../query-client';
import { PATHS } from './paths';

// A signed-in load of /dashboard otherwise waits in turn for the container's chunk, the page's
// chunk, the analytics translations and only then the overview's query (issue 18's 1 s budget):
// all four start together once the stored session says the container will show.

let started = false;

export function prefetchLanding(pathname: string): void {
  if (started || pathname !== PATHS.dashboard) return;
  started = true;
  void import('../../features/home/dashboard-page');
  void i18next.loadNamespaces('analytics');
  prefetchInitialOverview(queryClient);
}
