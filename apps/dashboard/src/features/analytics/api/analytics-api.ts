import {
  analyticsCsatResponseSchema,
  analyticsOverviewResponseSchema,
  botAnalyticsResponseSchema,
  botInsightsResponseSchema,
  botsOverviewResponseSchema,
  insightsResponseSchema,
  metabaseEmbedResponseSchema,
  ANALYTICS_PATHS as P,
  type ReportKind,
  reportExportListResponseSchema,
  reportExportResponseSchema,
  teammateLoginsResponseSchema,
} from '@convo/api';
import { apiRequest } from '../../../app/api/api-client';
import { downloadFile } from '../../../app/api/download';

// Calls of the analytics screens (/dashboard's analytics, /reports, /metabase-dashboard).

export interface RangeParams {
  from: number;
  to: number;
  timeZone: string;
}

export interface OverviewParams extends RangeParams {
  granularity: 'day' | 'week';
  audience: 'all' | 'agents' | 'bots';
  teamId?: string | undefined;
  channel?: string | undefined;
  insideBusinessHours?: boolean | undefined;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (p: OverviewParams) => ['analytics', 'overview', p] as const,
  csat: (p: RangeParams, page: number) => ['analytics', 'csat', p, page] as const,
  logins: (p: RangeParams) => ['analytics', 'logins', p] as const,
  bots: (p: RangeParams) => ['analytics', 'bots', p] as const,
  insights: (applicationId: string, p: RangeParams) => ['analytics', 'insights', applicationId, p] as const,
  bot: (botId: string, p: RangeParams) => ['analytics', 'bot', botId, p] as const,
  botInsights: (botId: string) => ['analytics', 'bot-insights', botId] as const,
  reports: ['analytics', 'reports'] as const,
  metabase: ['analytics', 'metabase'] as const,
};

export async function fetchOverview(p: OverviewParams, signal?: AbortSignal) {
  return (await apiRequest(P.overview, { query: { ...p }, schema: analyticsOverviewResponseSchema, signal }))
    .data;
}

export async function fetchCsat(p: RangeParams, page: number, signal?: AbortSignal) {
  return (await apiRequest(P.csat, { query: { ...p, page }, schema: analyticsCsatResponseSchema, signal }))
    .data;
}

export async function fetchTeammateLogins(p: RangeParams, signal?: AbortSignal) {
  return (
    await apiRequest(P.teammateLogins, { query: { ...p }, schema: teammateLoginsResponseSchema, signal })
  ).data;
}

export async function fetchBotsOverview(p: RangeParams, signal?: AbortSignal) {
  return (await apiRequest(P.bots, { query: { ...p }, schema: botsOverviewResponseSchema, signal })).data;
}

export async function fetchInsights(p: RangeParams, signal?: AbortSignal) {
  return (await apiRequest(P.insights, { query: { ...p }, schema: insightsResponseSchema, signal })).data;
}

export async function requestReport(kind: ReportKind, range: RangeParams) {
  return (await apiRequest(P.reports, { body: { kind, ...range }, schema: reportExportResponseSchema })).data;
}

export async function fetchReports(signal?: AbortSignal) {
  return (await apiRequest(P.reports, { schema: reportExportListResponseSchema, signal })).data;
}

export async function fetchReport(id: string, signal?: AbortSignal) {
  return (await apiRequest(P.report.replace(':id', id), { schema: reportExportResponseSchema, signal })).data;
}

export async function fetchMetabaseEmbed(signal?: AbortSignal) {
  return (await apiRequest(P.metabase, { schema: metabaseEmbedResponseSchema, signal })).data;
}

/** Saves a finished report's CSV as the file the server names. */
export async function downloadReport(id: string): Promise<void> {
  await downloadFile(P.reportDownload.replace(':id', id), 'report.csv');
}

const botPath = (path: string, botId: string) => path.replace(':botId', encodeURIComponent(botId));

/** One bot's analytics (issue 36 item 5). */
export async function fetchBotAnalytics(botId: string, p: RangeParams, signal?: AbortSignal) {
  return (
    await apiRequest(botPath(P.botAnalytics, botId), {
      query: { ...p },
      schema: botAnalyticsResponseSchema,
      signal,
    })
  ).data;
}

/** The bot's cached insights (the worker computes them). */
export async function fetchBotInsights(botId: string, signal?: AbortSignal) {
  return (await apiRequest(botPath(P.botInsights, botId), { schema: botInsightsResponseSchema, signal }))
    .data;
}

export async function requestBotInsights(botId: string, range: { from: number; to: number }) {
  return (
    await apiRequest(botPath(P.botInsights, botId), {
      method: 'POST',
      body: range,
      schema: botInsightsResponseSchema,
    })
  ).data;
}
