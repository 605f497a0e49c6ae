import {
  assigneeChangeQuerySchema,
  bulkStatusChangeRequestSchema,
  conversationPxySchema,
  conversationTopicQuerySchema,
  groupCreateRequestSchema,
  groupFeedSchema,
  groupQuerySchema,
  MESSAGING_PATHS,
  multiGroupQuerySchema,
  platformOk,
  statusChangeQuerySchema,
  tagsChangeRequestSchema,
  teamChangeQuerySchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import { visitorConversationLimit } from '../../http/visitor-limits.js';
import * as service from './service.js';

/** Messaging API for conversations (groups): create, info, status, assignee, tags. */
export function conversationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, realtime: ctx.realtime };
  return async (app) => {
    const pre = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')] };
    const tags = ['conversations'];

    // Per visitor and per address across both create routes: a script cannot flood the inbox.
    const createLimit = visitorConversationLimit(ctx.config);
    for (const url of [MESSAGING_PATHS.groupCreate, MESSAGING_PATHS.groupCreateV21]) {
      app.post(
        url,
        {
          preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations'), createLimit],
          schema: { tags, body: groupCreateRequestSchema, response: { 200: platformOk(groupFeedSchema) } },
        },
        async (req) => ok(await service.createConversation(deps, requireAuth(req), req.body)),
      );
    }

    app.get(
      MESSAGING_PATHS.groupInfo,
      {
        ...pre,
        schema: { tags, querystring: groupQuerySchema, response: { 200: platformOk(groupFeedSchema) } },
      },
      async (req) => ok(await service.conversationInfo(deps, requireAuth(req), req.query)),
    );

    app.get(
      MESSAGING_PATHS.conversationTopic,
      {
        ...pre,
        schema: {
          tags,
          querystring: conversationTopicQuerySchema,
          response: { 200: platformOk(conversationPxySchema) },
        },
      },
      async (req) => ok(await service.conversationTopic(deps, requireAuth(req), req.query.id)),
    );

    app.get(
      MESSAGING_PATHS.groupInfoMultiple,
      {
        ...pre,
        schema: {
          tags,
          querystring: multiGroupQuerySchema,
          response: { 200: platformOk(z.array(groupFeedSchema)) },
        },
      },
      async (req) => ok(await service.conversationsInfo(deps, requireAuth(req), req.query.groupIds)),
    );

    app.patch(
      MESSAGING_PATHS.statusChange,
      {
        ...pre,
        schema: {
          tags,
          querystring: statusChangeQuerySchema,
          response: { 200: platformOk(groupFeedSchema) },
        },
      },
      async (req) => ok(await service.changeStatus(deps, requireAuth(req), req.query, req.query.status)),
    );

    app.patch(
      MESSAGING_PATHS.statusChangeAll,
      {
        ...pre,
        schema: {
          tags,
          body: bulkStatusChangeRequestSchema,
          response: { 200: platformOk(z.object({ changed: z.number() })) },
        },
      },
      async (req) =>
        ok(await service.changeStatusOfMany(deps, requireAuth(req), req.body.groupIds, req.body.status)),
    );

    app.patch(
      MESSAGING_PATHS.assigneeChange,
      {
        ...pre,
        schema: {
          tags,
          querystring: assigneeChangeQuerySchema,
          response: { 200: platformOk(z.object({ result: z.string(), feed: groupFeedSchema })) },
        },
      },
      async (req) =>
        ok(
          await service.changeAssignee(
            deps,
            requireAuth(req),
            req.query,
            req.query.assignee,
            req.query.takeOverFromBot,
          ),
        ),
    );

    app.patch(
      MESSAGING_PATHS.assigneeChangeV1,
      {
        ...pre,
        schema: {
          tags,
          querystring: assigneeChangeQuerySchema,
          response: { 200: platformOk(z.string()) },
        },
      },
      async (req) => {
        const { result } = await service.changeAssignee(
          deps,
          requireAuth(req),
          req.query,
          req.query.assignee,
          req.query.takeOverFromBot,
        );
        return ok(result);
      },
    );

    app.patch(
      MESSAGING_PATHS.teamChange,
      {
        ...pre,
        schema: {
          tags,
          querystring: teamChangeQuerySchema,
          response: { 200: platformOk(z.object({ result: z.string(), feed: groupFeedSchema })) },
        },
      },
      async (req) => ok(await service.changeTeam(deps, requireAuth(req), req.query, req.query.teamId)),
    );

    app.patch(
      MESSAGING_PATHS.tags,
      {
        ...pre,
        schema: {
          tags,
          params: z.object({ operation: z.enum(['add', 'remove']) }),
          body: tagsChangeRequestSchema,
          response: { 200: platformOk(groupFeedSchema) },
        },
      },
      async (req) =>
        ok(await service.changeTags(deps, requireAuth(req), req.body, req.params.operation, req.body.tags)),
    );
  };
}
