import {
  CONVERSATION_PATHS,
  groupIdParamsSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API: a conversation's timeline (`group/{id}/events`). */
export function conversationTimelineRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db };
  return async (app) => {
    app.get(
      CONVERSATION_PATHS.events,
      {
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')],
        schema: {
          tags: ['conversations'],
          params: groupIdParamsSchema,
          querystring: timelineQuerySchema,
          response: { 200: timelineResponseSchema },
        },
      },
      async (req) =>
        ok(await service.conversationTimeline(deps, requireAuth(req), req.params.groupId, req.query)),
    );
  };
}
