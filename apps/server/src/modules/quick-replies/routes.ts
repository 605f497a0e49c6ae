import {
  INBOX_PATHS,
  inboxDeletedResponseSchema,
  inboxIdParamsSchema,
  quickReplyListResponseSchema,
  quickReplyResponseSchema,
  quickReplyWriteRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: quick replies; read by whoever answers conversations, written from the settings page. */
export function quickReplyRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const read = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    const manage = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.quick-replies')] };
    const tags = ['quick-replies'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const params = inboxIdParamsSchema;

    app.get(
      INBOX_PATHS.quickReplies,
      { ...read, schema: { tags, security, response: { 200: quickReplyListResponseSchema } } },
      async (req) => ok(await service.listQuickReplies(db, requireAuth(req))),
    );
    app.post(
      INBOX_PATHS.quickReplies,
      {
        ...manage,
        schema: {
          tags,
          security,
          body: quickReplyWriteRequestSchema,
          response: { 200: quickReplyResponseSchema },
        },
      },
      async (req) => ok(await service.createQuickReply(db, requireAuth(req), req.body)),
    );
    app.put(
      INBOX_PATHS.quickReply,
      {
        ...manage,
        schema: {
          tags,
          security,
          params,
          body: quickReplyWriteRequestSchema,
          response: { 200: quickReplyResponseSchema },
        },
      },
      async (req) => ok(await service.updateQuickReply(db, requireAuth(req), req.params.id, req.body)),
    );
    app.delete(
      INBOX_PATHS.quickReply,
      { ...manage, schema: { tags, security, params, response: { 200: inboxDeletedResponseSchema } } },
      async (req) => ok(await service.deleteQuickReply(db, requireAuth(req), req.params.id)),
    );
  };
}
