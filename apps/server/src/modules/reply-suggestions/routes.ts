import {
  conversationSummaryResponseSchema,
  messageTranslationRequestSchema,
  messageTranslationResponseSchema,
  REPLY_SUGGESTION_PATHS,
  replySuggestionParamsSchema,
  replySuggestionsResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import type { LlmCapGuard, ModelOptions } from '../bots/index.js';
import * as assist from './assist.js';
import * as service from './service.js';

export interface ReplySuggestionRouteDeps extends Pick<service.ReplySuggestionDeps, 'tools'> {
  /** Agent assist's AI-agent calls; absent, no LLM is asked (suggestions from own answers only). */
  assist?:
    | {
        models: ModelOptions;
        /** The LLM spend ceilings: each call to the AI agent counts on the application's counters. */
        llmCaps?: LlmCapGuard | undefined;
        /** How long suggestions wait for the AI agent after the other sources (default 4 s). */
        suggestionWaitMs?: number | undefined;
        /** Upper bound of a summary or translation (default 20 s). */
        timeoutMs?: number | undefined;
      }
    | undefined;
}

/** Calls that spend the application's provider key: per address, a minute at a time. */
const ASSIST_RATE = { max: 30, timeWindow: 60_000 };

/** Product API: suggested replies, a summary and translations for a conversation, for whoever answers conversations. */
export function replySuggestionRoutes(
  ctx: RouteContext,
  deps: ReplySuggestionRouteDeps,
): FastifyPluginAsyncZod {
  const models = deps.assist?.models;
  const serviceDeps: service.ReplySuggestionDeps = {
    db: ctx.database.db,
    realtime: ctx.realtime,
    tools: deps.tools,
    llm: models
      ? {
          appSecret: ctx.config.appSecret,
          models,
          waitMs: deps.assist?.suggestionWaitMs ?? 4_000,
          llmCaps: deps.assist?.llmCaps,
        }
      : undefined,
  };
  const assistDeps: assist.AssistDeps = {
    db: ctx.database.db,
    realtime: ctx.realtime,
    appSecret: ctx.config.appSecret,
    models: models ?? { llmBaseUrls: {} },
    timeoutMs: deps.assist?.timeoutMs ?? 20_000,
    llmCaps: deps.assist?.llmCaps,
  };
  const security = [{ bearer: [] }];
  const tags = ['conversations'];
  return async (app) => {
    app.get(
      REPLY_SUGGESTION_PATHS.conversation,
      {
        preHandler: [
          ctx.authenticate,
          ctx.requirePrivilege('conversations'),
          featureGuard(ctx.billing, 'agentAssist'),
        ],
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: 'Suggested replies for the newest customer message',
          description:
            "Up to three replies drawn from the application's own answers: the bots' saved answers, " +
            'auto-suggest entries, quick replies the caller can see, and knowledge sentences; with an AI ' +
            'agent on an LLM engine, also one reply it writes from the knowledge passages found, waited for ' +
            'a bounded time (`llm` says how it went). Nothing is sent; the agent inserts one into the ' +
            'composer. 502 UNABLE_TO_GET_AGENT_SUGGESTION when the AI agent failed and nothing else answered.',
          security,
          params: replySuggestionParamsSchema,
          response: { 200: replySuggestionsResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.conversationSuggestions(serviceDeps, requireAuth(req), req.params.groupId),
      }),
    );
    app.post(
      REPLY_SUGGESTION_PATHS.summary,
      {
        preHandler: [
          ctx.authenticate,
          ctx.requirePrivilege('conversations'),
          featureGuard(ctx.billing, 'conversationSummary'),
        ],
        config: { rateLimit: ASSIST_RATE },
        schema: {
          tags,
          summary: "A summary of the conversation by the application's AI agent",
          description:
            'The newest messages within a character budget, summarized in the caller’s language. 400 ' +
            'UNABLE_TO_GET_CONVERSATION_SUMMARY without an AI agent, 502 when its provider fails, 429 past the ' +
            "application's LLM spend ceiling (details.reason).",
          security,
          params: replySuggestionParamsSchema,
          response: { 200: conversationSummaryResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await assist.summarizeConversation(assistDeps, requireAuth(req), req.params.groupId),
      }),
    );
    app.post(
      REPLY_SUGGESTION_PATHS.translation,
      {
        preHandler: [
          ctx.authenticate,
          ctx.requirePrivilege('conversations'),
          featureGuard(ctx.billing, 'translation'),
        ],
        config: { rateLimit: ASSIST_RATE },
        schema: {
          tags,
          summary: "A message translated into the agent's language by the application's AI agent",
          description:
            'Into `language`, else the caller’s dashboard language (profile), else English. 400 ' +
            'UNABLE_TO_TRANSLATE_MESSAGE without an AI agent, 502 when its provider fails, 429 past the ' +
            "application's LLM spend ceiling (details.reason).",
          security,
          params: replySuggestionParamsSchema,
          body: messageTranslationRequestSchema,
          response: { 200: messageTranslationResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await assist.translateMessage(assistDeps, requireAuth(req), req.params.groupId, req.body),
      }),
    );
  };
}
