import type { ReportFigures, ReportMetric } from '@convo/api';
import { formatDuration } from '@convo/domain';

// How /reports shows a report's figures: each metric's format, a row's label, the chart's colours,
// and when a range has nothing to show.

const DURATIONS = new Set<ReportMetric>(['avgFirstResponseSeconds', 'avgResolutionSeconds', 'secondsSaved']);

/** A figure as the table and the totals show it: a duration, an average to two places, a count. */
export function formatMetric(metric: ReportMetric, value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  if (DURATIONS.has(metric)) return formatDuration(value);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** The names the server gives the rows without an agent or a team (SQL's placeholders). */
export const UNASSIGNED_KEY = '(unassigned)';
export const NO_TEAM_KEY = '(no team)';

/**
 * A row's label: a day (or a week's Monday) as a local date, else the group's name; the rows
 * without an agent or team get `fallbacks`' translated words.
 */
export function rowLabel(
  rowsBy: ReportFigures['rowsBy'],
  key: string,
  locale: string,
  fallbacks: { unassigned: string; noTeam: string },
): string {
  if (rowsBy === 'day' || rowsBy === 'week') {
    // The key is already the local day: format it as a UTC date so no zone shifts it.
    const at = Date.parse(`${key}T00:00:00Z`);
    if (Number.isNaN(at)) return key;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
  }
  if (rowsBy === 'agent' && key === UNASSIGNED_KEY) return fallbacks.unassigned;
  if (rowsBy === 'team' && key === NO_TEAM_KEY) return fallbacks.noTeam;
  return key;
}

/**
 * A day's or week's label under the chart, short ("Nov 2") so a phone's axis has room; null for
 * group rows, which the chart labels as the table does. Unique in a range: days span at most 92
 * days, and a week's Monday never falls on the same date within the 400 days a range may span.
 */
export function chartLabel(rowsBy: ReportFigures['rowsBy'], key: string, locale: string): string | null {
  if (rowsBy !== 'day' && rowsBy !== 'week') return null;
  const at = Date.parse(`${key}T00:00:00Z`);
  if (Number.isNaN(at)) return key;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at);
}

/** True when the range holds nothing for this report: every total is zero or missing. */
export function hasNoFigures(figures: ReportFigures): boolean {
  return figures.totals.every((t) => t.value === null || t.value === 0);
}

const COLORS: Partial<Record<ReportMetric, string>> = {
  newConversations: 'var(--mantine-color-teal-6)',
  resolvedConversations: 'var(--mantine-color-blue-6)',
  great: 'var(--mantine-color-green-6)',
  average: 'var(--mantine-color-yellow-6)',
  poor: 'var(--mantine-color-red-6)',
  conversations: 'var(--mantine-color-teal-6)',
  answers: 'var(--mantine-color-blue-6)',
  handedOff: 'var(--mantine-color-orange-6)',
};

export const metricColor = (metric: ReportMetric) => COLORS[metric] ?? 'var(--mantine-color-gray-6)';
