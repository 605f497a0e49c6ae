import {
  BOT_RUNTIME_PATHS,
  botAnswerFeedbackRequestSchema,
  botAnswerFeedbackSchema,
  botAnswerParamsSchema,
  botDetailsParamsSchema,
  botDetailsResponseSchema,
  timeSavedQuerySchema,
  timeSavedResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import * as service from './service.js';

/** The widget's answer feedback and the bots' time-saved statistic. */
export function botRuntimeRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    app.post(
      BOT_RUNTIME_PATHS.answerFeedback,
      {
        // The visitor's messaging session, like the widget's conversation rating.
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['widget'],
          params: botAnswerParamsSchema,
          body: botAnswerFeedbackRequestSchema,
          response: { 200: botAnswerFeedbackSchema },
        },
      },
      async (req) => service.rateAnswer(db, requireAuth(req), req.params.messageId, req.body.helpful),
    );

    app.get(
      BOT_RUNTIME_PATHS.timeSavedByBot,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('dashboard')],
        schema: {
          tags: ['stats'],
          querystring: timeSavedQuerySchema,
          response: { 200: timeSavedResponseSchema },
        },
      },
      async (req) => ({
        status: 'success' as const,
        generatedAt: Date.now(),
        response: await service.timeSaved(db, requireAuth(req), req.query),
      }),
    );

    // Any session of the application (the widget's visitor asks about its conversation's bot);
    // only the bot's public facts, and another application's bot is not found.
    app.get(
      BOT_RUNTIME_PATHS.botDetails,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['widget'],
          params: botDetailsParamsSchema,
          response: { 200: botDetailsResponseSchema },
        },
      },
      async (req) => service.botDetails(db, requireAuth(req), req.params.userId),
    );
  };
}
