import type { QueryClient } from '@tanstack/react-query';
import { analyticsKeys, fetchOverview } from '../api/analytics-api';
import { initialOverviewParams } from './overview-params';

/** Asks for the first overview now, or takes the answer the boot's request brings. */
export function prefetchInitialOverview(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const params = initialOverviewParams(now);
  return queryClient.prefetchQuery({
    queryKey: analyticsKeys.overview(params),
    queryFn: ({ signal }) => fetchOverview(params, signal),
  });
}
