import { REPORT_FIGURES_PATH, type ReportKind, reportFiguresResponseSchema } from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';
import type { RangeParams } from './analytics-api';

// The figures call of /reports, apart from analytics-api.ts (which /dashboard's first load holds)
// so only the reports page's chunk carries it and its schema.

export const reportFiguresKey = (kind: ReportKind, p: RangeParams) =>
  ['analytics', 'report-figures', kind, p] as const;

export async function fetchReportFigures(kind: ReportKind, p: RangeParams, signal?: AbortSignal) {
  return (
    await apiRequest(REPORT_FIGURES_PATH, {
      query: { ...p, kind },
      schema: reportFiguresResponseSchema,
      signal,
    })
  ).data;
}
