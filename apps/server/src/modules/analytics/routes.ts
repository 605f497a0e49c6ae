import {
  ANALYTICS_PATHS,
  analyticsCsatQuerySchema,
  analyticsCsatResponseSchema,
  analyticsOverviewQuerySchema,
  analyticsOverviewResponseSchema,
  analyticsRangeQuerySchema,
  botAnalyticsParamsSchema,
  botAnalyticsResponseSchema,
  botInsightsRequestSchema,
  botInsightsResponseSchema,
  botsOverviewResponseSchema,
  insightsResponseSchema,
  metabaseEmbedResponseSchema,
  REPORT_FIGURES_PATH,
  reportCreateRequestSchema,
  reportExportListResponseSchema,
  reportExportResponseSchema,
  reportFiguresQuerySchema,
  reportFiguresResponseSchema,
  reportIdParamsSchema,
  teammateLoginsResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as botAnalytics from './bot-analytics.js';
import { metabaseEmbed } from './metabase.js';
import * as service from './service.js';

export type AnalyticsRouteContext = Pick<
  RouteContext,
  'config' | 'database' | 'authenticate' | 'requirePrivilege' | 'billing'
>;

/**
 * Product API of /dashboard (privilege dashboard, and each section's own: bots, teammate
 * analytics, answer feedback), /reports (reports) and /metabase-dashboard (metabase-dashboard).
 */
export function analyticsRoutes(ctx: AnalyticsRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = (...keys: Parameters<AnalyticsRouteContext['requirePrivilege']>[0][]) => ({
      preHandler: [ctx.authenticate, ...keys.map((k) => ctx.requirePrivilege(k))],
    });
    // /reports is sold from the entry plans on (SPEC §6 feature access).
    const reports = {
      preHandler: [...guard('reports').preHandler, featureGuard(ctx.billing, 'conversationReports')],
    };
    const tags = ['analytics'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const P = ANALYTICS_PATHS;

    app.get(
      P.overview,
      {
        ...guard('dashboard'),
        schema: {
          tags,
          security,
          querystring: analyticsOverviewQuerySchema,
          response: { 200: analyticsOverviewResponseSchema },
        },
      },
      async (req) => ok(await service.overview(db, requireAuth(req), req.query)),
    );

    app.get(
      P.csat,
      {
        ...guard('dashboard'),
        schema: {
          tags,
          security,
          querystring: analyticsCsatQuerySchema,
          response: { 200: analyticsCsatResponseSchema },
        },
      },
      async (req) => ok(await service.csat(db, requireAuth(req), req.query)),
    );

    app.get(
      P.teammateLogins,
      {
        ...guard('dashboard', 'dashboard.teammate-analytics'),
        schema: {
          tags,
          security,
          querystring: analyticsRangeQuerySchema,
          response: { 200: teammateLoginsResponseSchema },
        },
      },
      async (req) => ok(await service.teammateLogins(db, requireAuth(req), req.query)),
    );

    app.get(
      P.bots,
      {
        ...guard('dashboard', 'dashboard.bots', 'dashboard.answer-feedback-analytics'),
        schema: {
          tags,
          security,
          querystring: analyticsRangeQuerySchema,
          response: { 200: botsOverviewResponseSchema },
        },
      },
      async (req) => ok(await service.bots(db, requireAuth(req), req.query)),
    );

    app.get(
      P.insights,
      {
        ...guard('dashboard', 'dashboard.insights'),
        schema: {
          tags,
          security,
          querystring: analyticsRangeQuerySchema,
          response: { 200: insightsResponseSchema },
        },
      },
      async (req) => ok(await service.insights(db, requireAuth(req), req.query)),
    );

    // One bot's analytics and its insights (issue 36 item 5), sold as bot analytics (SPEC §6).
    // Insights also need intent-insights, which agents lack (SPEC §6).
    const botSection = (...keys: Parameters<AnalyticsRouteContext['requirePrivilege']>[0][]) => ({
      preHandler: [...guard('dashboard', ...keys).preHandler, featureGuard(ctx.billing, 'botAnalytics')],
    });
    app.get(
      P.botAnalytics,
      {
        ...botSection('dashboard.bots'),
        schema: {
          tags,
          security,
          params: botAnalyticsParamsSchema,
          querystring: analyticsRangeQuerySchema,
          response: { 200: botAnalyticsResponseSchema },
        },
      },
      async (req) => ok(await botAnalytics.botAnalytics(db, requireAuth(req), req.params.botId, req.query)),
    );
    app.get(
      P.botInsights,
      {
        ...botSection('dashboard.insights', 'intent-insights'),
        schema: {
          tags,
          security,
          params: botAnalyticsParamsSchema,
          response: { 200: botInsightsResponseSchema },
        },
      },
      async (req) => ok(await botAnalytics.botInsights(db, requireAuth(req), req.params.botId)),
    );
    app.post(
      P.botInsights,
      {
        ...botSection('dashboard.insights', 'intent-insights'),
        schema: {
          tags,
          security,
          params: botAnalyticsParamsSchema,
          body: botInsightsRequestSchema,
          response: { 200: botInsightsResponseSchema },
        },
      },
      async (req) =>
        ok(await botAnalytics.requestBotInsights(db, requireAuth(req), req.params.botId, req.body)),
    );

    app.post(
      P.reports,
      {
        ...reports,
        schema: {
          tags,
          security,
          body: reportCreateRequestSchema,
          response: { 200: reportExportResponseSchema },
        },
      },
      async (req) => ok(await service.requestReport(db, requireAuth(req), req.body)),
    );

    app.get(
      P.reports,
      { ...reports, schema: { tags, security, response: { 200: reportExportListResponseSchema } } },
      async (req) => ok(await service.listReports(db, requireAuth(req))),
    );

    app.get(
      P.report,
      {
        ...reports,
        schema: {
          tags,
          security,
          params: reportIdParamsSchema,
          response: { 200: reportExportResponseSchema },
        },
      },
      async (req) => ok(await service.getReport(db, requireAuth(req), req.params.id)),
    );

    app.get(
      P.reportDownload,
      { ...reports, schema: { tags, security, params: reportIdParamsSchema } },
      async (req, reply) => {
        const { fileName, csv } = await service.reportFile(db, requireAuth(req), req.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      REPORT_FIGURES_PATH,
      {
        ...reports,
        schema: {
          tags,
          security,
          querystring: reportFiguresQuerySchema,
          response: { 200: reportFiguresResponseSchema },
        },
      },
      async (req) => ok(await service.reportFigures(db, requireAuth(req), req.query)),
    );

    app.get(
      P.metabase,
      {
        ...guard('metabase-dashboard'),
        schema: { tags, security, response: { 200: metabaseEmbedResponseSchema } },
      },
      async (req) => ok(metabaseEmbed(ctx.config.metabase, requireAuth(req).applicationId)),
    );
  };
}
