import {
  REPLY_SUGGESTION_PATHS,
  replySuggestionParamsSchema,
  replySuggestionsResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: suggested replies for a conversation, for whoever answers conversations. */
export function replySuggestionRoutes(
  ctx: RouteContext,
  deps: Pick<service.ReplySuggestionDeps, 'tools'>,
): FastifyPluginAsyncZod {
  const serviceDeps = { db: ctx.database.db, realtime: ctx.realtime, tools: deps.tools };
  return async (app) => {
    app.get(
      REPLY_SUGGESTION_PATHS.conversation,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['conversations'],
          summary: 'Suggested replies for the newest customer message',
          description:
            "Up to three replies drawn from the application's own answers: the bots' saved answers, " +
            'auto-suggest entries, quick replies the caller can see, and knowledge sentences. ' +
            'Nothing is sent; the agent inserts one into the composer.',
          security: [{ bearer: [] }],
          params: replySuggestionParamsSchema,
          response: { 200: replySuggestionsResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.conversationSuggestions(serviceDeps, requireAuth(req), req.params.groupId),
      }),
    );
  };
}
