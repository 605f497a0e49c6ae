import {
  ANSWER_BOT_PATHS,
  answerBotResponseSchema,
  answerBotSettingsSchema,
  WIDGET_ANSWER_BOT_PATHS,
  widgetAnswerArticleParamsSchema,
  widgetAnswerArticleSchema,
  widgetDeflectionRequestSchema,
  widgetDeflectionResponseSchema,
  widgetSuggestionQuerySchema,
  widgetSuggestionsResponseSchema,
} from '@convo/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { enforceLimits } from '../../http/limit-store.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

export type AnswerBotRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'authenticateMessaging' | 'requirePrivilege' | 'config'
>;

/**
 * Widget calls per visitor and per address: suggestions are asked while typing (debounced by the
 * widget to about two a second at most), so a minute of steady typing stays far below these.
 */
export const SUGGESTION_LIMITS = { perVisitorPerMinute: 120, perAddressPerMinute: 600 } as const;

async function limitWidgetCalls(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const caller = requireAuth(req);
  await enforceLimits(req.server.limits, reply, [
    {
      key: `answer-bot:${caller.applicationId}:${caller.userId}`,
      max: SUGGESTION_LIMITS.perVisitorPerMinute,
      windowMs: 60_000,
    },
    { key: `answer-bot-address:${req.ip}`, max: SUGGESTION_LIMITS.perAddressPerMinute, windowMs: 60_000 },
  ]);
}

/** Help center → Answer bot (privilege helpcenter.answer-bot) and the widget's answer-bot calls. */
export function answerBotRoutes(ctx: AnswerBotRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const publicUrl = ctx.config.publicUrl;
  return async (app) => {
    const settingsGuard = {
      preHandler: [ctx.authenticate, ctx.requirePrivilege('helpcenter.answer-bot')],
    };
    const tags = ['help-center'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      ANSWER_BOT_PATHS.settings,
      { ...settingsGuard, schema: { tags, security, response: { 200: answerBotResponseSchema } } },
      async (req) => ok(await service.getView(db, requireAuth(req).applicationId)),
    );
    app.put(
      ANSWER_BOT_PATHS.settings,
      {
        ...settingsGuard,
        schema: { tags, security, body: answerBotSettingsSchema, response: { 200: answerBotResponseSchema } },
      },
      async (req) => ok(await service.updateSettings(db, requireAuth(req).applicationId, req.body)),
    );

    // The widget's calls carry the visitor's messaging token: the token fixes the application, so
    // only its own published articles can ever be suggested or shown.
    const widgetGuard = {
      preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations'), limitWidgetCalls],
    };
    const widgetTags = ['widget'];
    app.get(
      WIDGET_ANSWER_BOT_PATHS.suggestions,
      {
        ...widgetGuard,
        schema: {
          tags: widgetTags,
          querystring: widgetSuggestionQuerySchema,
          response: { 200: widgetSuggestionsResponseSchema },
        },
      },
      async (req) => service.suggest(db, requireAuth(req).applicationId, publicUrl, req.query),
    );
    app.get(
      WIDGET_ANSWER_BOT_PATHS.article,
      {
        ...widgetGuard,
        schema: {
          tags: widgetTags,
          params: widgetAnswerArticleParamsSchema,
          response: { 200: widgetAnswerArticleSchema },
        },
      },
      async (req) => service.readArticle(db, requireAuth(req).applicationId, publicUrl, req.params.id),
    );
    app.post(
      WIDGET_ANSWER_BOT_PATHS.deflections,
      {
        ...widgetGuard,
        schema: {
          tags: widgetTags,
          body: widgetDeflectionRequestSchema,
          response: { 200: widgetDeflectionResponseSchema },
        },
      },
      async (req) => service.recordDeflection(db, requireAuth(req), req.body),
    );
  };
}
