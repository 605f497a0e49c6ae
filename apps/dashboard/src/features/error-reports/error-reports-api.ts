import { ERROR_REPORT_PATHS, errorReportListResponseSchema } from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// The workspace's error reports (GET /api/error-reports, admins and super admins).

export const errorReportKeys = { list: ['error-reports'] as const };

export async function fetchErrorReports(signal?: AbortSignal) {
  return (await apiRequest(ERROR_REPORT_PATHS.reports, { schema: errorReportListResponseSchema, signal }))
    .data;
}
