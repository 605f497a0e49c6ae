import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { analyticsRangeQuerySchema } from './analytics.js';
import { REPORT_KINDS, REPORT_METRICS } from './constants.js';

// The figures /reports shows on screen (issue 40 item 3). A module of its own, apart from
// analytics.ts: only the reports page's chunk imports it, so the dashboard's first load (which
// holds analytics.ts for /dashboard) does not carry these schemas.

export const reportFiguresQuerySchema = z.object({
  ...analyticsRangeQuerySchema.shape,
  kind: z.enum(REPORT_KINDS),
});
export type ReportFiguresQuery = z.input<typeof reportFiguresQuerySchema>;

const metricSchema = z.enum(REPORT_METRICS);

/**
 * One report's figures for a range, as /reports shows them beside its CSV: totals, a chart of
 * `chart.series` over the rows, and the rows as a table of `columns`. Rows are the range's local
 * days (key YYYY-MM-DD) for conversations and CSAT, else one per agent, team, channel or bot.
 */
export const reportFiguresSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  from: z.number(),
  to: z.number(),
  timeZone: z.string(),
  rowsBy: z.enum(['day', 'week', 'agent', 'team', 'channel', 'bot']),
  columns: z.array(metricSchema),
  chart: z.object({ type: z.enum(['bars', 'lines']), series: z.array(metricSchema) }),
  totals: z.array(z.object({ metric: metricSchema, value: z.number().nullable() })),
  rows: z.array(
    z.object({
      /** A day, or the group's name; '(unassigned)' and '(no team)' name the rows without one. */
      key: z.string(),
      values: z.record(z.string(), z.number().nullable()),
    }),
  ),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;
export const reportFiguresResponseSchema = successEnvelope(reportFiguresSchema);
