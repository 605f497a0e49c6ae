import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_PATHS,
  errorReportAcceptedResponseSchema,
  errorReportEventParamsSchema,
  errorReportFeedbackRequestSchema,
  errorReportListResponseSchema,
  errorReportRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Reports a browser may send per address and minute (a crash loop must not flood the table). */
export const ERROR_REPORT_RATE = { max: 30, timeWindow: 60_000 } as const;

/** Product API: members' browsers report errors and feedback; admins list their workspace's. */
export function errorReportRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['error-reports'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const sending = {
      preHandler: ctx.authenticate,
      config: { ...ANY_MEMBER, rateLimit: ERROR_REPORT_RATE },
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
    };

    app.post(
      ERROR_REPORT_PATHS.reports,
      {
        ...sending,
        schema: {
          tags,
          security,
          body: errorReportRequestSchema,
          response: { 200: errorReportAcceptedResponseSchema },
        },
      },
      async (req) =>
        ok(await service.report(db, requireAuth(req), req.body, ctx.config.sentryDsn !== undefined)),
    );
    app.post(
      ERROR_REPORT_PATHS.feedback,
      {
        ...sending,
        schema: {
          tags,
          security,
          params: errorReportEventParamsSchema,
          body: errorReportFeedbackRequestSchema,
          response: { 200: errorReportAcceptedResponseSchema },
        },
      },
      async (req) => ok(await service.addFeedback(db, requireAuth(req), req.params.eventId, req.body)),
    );
    app.get(
      ERROR_REPORT_PATHS.reports,
      {
        preHandler: ctx.authenticate,
        config: ANY_MEMBER,
        schema: { tags, security, response: { 200: errorReportListResponseSchema } },
      },
      async (req) => ok(await service.list(db, requireAuth(req))),
    );
  };
}
