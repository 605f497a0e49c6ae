import {
  CONVERSATION_PATHS,
  conversationListQuerySchema,
  conversationPageResponseSchema,
  conversationSearchRequestSchema,
  groupByTypeQuerySchema,
  groupFeedSchema,
  platformOk,
  waitingListQuerySchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API: conversation lists (waiting queue, support search, the caller's feed). */
export function conversationSearchRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db };
  return async (app) => {
    const pre = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')] };
    const tags = ['conversations'];

    app.get(
      CONVERSATION_PATHS.waitingList,
      {
        ...pre,
        schema: {
          tags,
          querystring: waitingListQuerySchema,
          response: { 200: conversationPageResponseSchema },
        },
      },
      async (req) => ok(await service.waitingList(deps, requireAuth(req), req.query)),
    );

    app.post(
      CONVERSATION_PATHS.supportSearch,
      {
        ...pre,
        schema: {
          tags,
          body: conversationSearchRequestSchema,
          response: { 200: conversationPageResponseSchema },
        },
      },
      async (req) => ok(await service.searchConversations(deps, requireAuth(req), req.body)),
    );

    app.get(
      CONVERSATION_PATHS.groupList,
      {
        ...pre,
        schema: {
          tags,
          querystring: conversationListQuerySchema,
          response: { 200: conversationPageResponseSchema },
        },
      },
      async (req) => ok(await service.conversationList(deps, requireAuth(req), req.query)),
    );

    // The Kommunicate widget's list of the visitor's conversations: the feed list of one group
    // type, its answer an array of groups as the platform gives it.
    app.get(
      CONVERSATION_PATHS.groupByType,
      {
        ...pre,
        schema: {
          tags,
          querystring: groupByTypeQuerySchema,
          response: { 200: platformOk(z.array(groupFeedSchema)) },
        },
      },
      async (req) => {
        const { type, startIndex, limit } = req.query;
        const page = await service.conversationList(deps, requireAuth(req), {
          type,
          startIndex,
          pageSize: limit,
        });
        return ok(page.groupFeeds);
      },
    );
  };
}
