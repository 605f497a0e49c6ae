import type { ReportFigures } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { chartLabel, formatMetric, hasNoFigures, metricColor, rowLabel } from './report-figures-view';

const fallbacks = { unassigned: 'Unassigned', noTeam: 'No team' };

describe('report figures on screen', () => {
  it('formats durations, averages and counts', () => {
    expect(formatMetric('avgFirstResponseSeconds', 125, 'en')).toBe('2m 5s');
    expect(formatMetric('secondsSaved', 3600, 'en')).toBe('1h 0m 0s');
    expect(formatMetric('avgRating', 4.256, 'en')).toBe('4.26');
    expect(formatMetric('newConversations', 12345, 'en')).toBe('12,345');
    expect(formatMetric('avgRating', null, 'en')).toBe('—');
  });

  it('labels days as dates whatever the browser’s zone, and the rows without a group', () => {
    expect(rowLabel('day', '2026-11-02', 'en', fallbacks)).toBe('Nov 2, 2026');
    expect(rowLabel('week', '2026-11-02', 'fr', fallbacks)).toBe('2 nov. 2026');
    expect(rowLabel('agent', '(unassigned)', 'en', fallbacks)).toBe('Unassigned');
    expect(rowLabel('team', '(no team)', 'en', fallbacks)).toBe('No team');
    expect(rowLabel('channel', 'web', 'en', fallbacks)).toBe('web');
  });

  it('is empty when every total is zero or missing', () => {
    const base: ReportFigures = {
      kind: 'csat',
      from: 0,
      to: 1,
      timeZone: 'UTC',
      rowsBy: 'day',
      columns: ['ratings', 'avgRating'],
      chart: { type: 'bars', series: ['ratings'] },
      totals: [
        { metric: 'ratings', value: 0 },
        { metric: 'avgRating', value: null },
      ],
      rows: [],
    };
    expect(hasNoFigures(base)).toBe(true);
    expect(hasNoFigures({ ...base, totals: [{ metric: 'ratings', value: 2 }] })).toBe(false);
    expect(metricColor('poor')).toContain('red');
  });
});

describe('chart labels', () => {
  it('are short dates for days and weeks, none for groups', () => {
    expect(chartLabel('day', '2026-11-02', 'en')).toBe('Nov 2');
    expect(chartLabel('week', '2026-11-30', 'es')).toBe('30 nov');
    expect(chartLabel('agent', 'Ana', 'en')).toBeNull();
  });
});
