import type { QueryClient } from '@tanstack/react-query';
import { analyticsKeys, fetchOverview, type OverviewParams, type RangeParams } from '../api/analytics-api';
import type { AnalyticsFilterState } from '../components/analytics-filters';
import { browserTimeZone, presetRange } from './range-presets';

// What /dashboard's analytics first ask for, shared by the section and the shell's prefetch: the
// same filters give the same query key, so the section finds the answer already on its way.

export function initialAnalyticsFilters(): AnalyticsFilterState {
  return {
    preset: 'last7',
    timeZone: browserTimeZone(),
    granularity: 'day',
    audience: 'all',
    teamId: null,
    channel: null,
    insideBusinessHours: false,
  };
}

export function rangeOf(
  filters: Pick<AnalyticsFilterState, 'preset' | 'timeZone'>,
  now: number,
): RangeParams {
  return { ...presetRange(filters.preset, now, filters.timeZone), timeZone: filters.timeZone };
}

export function overviewParamsOf(filters: AnalyticsFilterState, range: RangeParams): OverviewParams {
  return {
    ...range,
    granularity: filters.granularity,
    audience: filters.audience,
    teamId: filters.teamId ?? undefined,
    channel: filters.channel ?? undefined,
    insideBusinessHours: filters.insideBusinessHours || undefined,
  };
}

/** Asks for the first overview now (the presets' ranges are whole days: the key holds all day). */
export function prefetchInitialOverview(queryClient: QueryClient, now = Date.now()): Promise<void> {
  const filters = initialAnalyticsFilters();
  const params = overviewParamsOf(filters, rangeOf(filters, now));
  return queryClient.prefetchQuery({
    queryKey: analyticsKeys.overview(params),
    queryFn: ({ signal }) => fetchOverview(params, signal),
  });
}
