import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '../api/analytics-api';
import { initialAnalyticsFilters, overviewParamsOf, rangeOf } from './overview-params';

describe('the first overview', () => {
  const now = Date.UTC(2026, 10, 24, 10);

  it('has the same query key from the shell at load and from the section later that day', () => {
    const filters = initialAnalyticsFilters();
    const atLoad = overviewParamsOf(filters, rangeOf(filters, now));
    const later = overviewParamsOf(
      filters,
      rangeOf({ preset: 'last7', timeZone: filters.timeZone }, now + 3_600_000),
    );
    expect(hashKey(analyticsKeys.overview(later))).toBe(hashKey(analyticsKeys.overview(atLoad)));
  });

  it('leaves unset filters out of the request', () => {
    const params = overviewParamsOf(
      { ...initialAnalyticsFilters(), timeZone: 'UTC' },
      rangeOf({ preset: 'last7', timeZone: 'UTC' }, now),
    );
    expect(params).toEqual({
      from: Date.UTC(2026, 10, 18),
      to: Date.UTC(2026, 10, 25),
      timeZone: 'UTC',
      granularity: 'day',
      audience: 'all',
      teamId: undefined,
      channel: undefined,
      insideBusinessHours: undefined,
    });
    const filtered = overviewParamsOf(
      { ...initialAnalyticsFilters(), teamId: 't1', channel: 'mail', insideBusinessHours: true },
      rangeOf({ preset: 'last7', timeZone: 'UTC' }, now),
    );
    expect(filtered).toMatchObject({ teamId: 't1', channel: 'mail', insideBusinessHours: true });
  });
});
