import type { OverviewParams, RangeParams } from '../api/analytics-api';
import type { AnalyticsFilterState } from '../components/analytics-filters';
import { browserTimeZone, presetRange } from './range-presets';

// What /dashboard's analytics first ask for, shared by the section, the shell's prefetch and the
// request sent at boot (initial-overview-request.ts): the same filters give the same query key and
// the same request, so the section finds the answer already on its way. No zod here: the boot's
// request loads this module in a chunk of its own, before the page's code.

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

/** The first overview's parameters (the presets' ranges are whole days: they hold all day). */
export function initialOverviewParams(now: number): OverviewParams {
  const filters = initialAnalyticsFilters();
  return overviewParamsOf(filters, rangeOf(filters, now));
}
