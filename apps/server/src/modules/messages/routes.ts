import {
  MESSAGING_PATHS,
  messageDetailQuerySchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageSchema,
  messageSendRequestSchema,
  messageSendResponseSchema,
  platformOk,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import { visitorSendLimit } from '../../http/visitor-limits.js';
import * as service from './service.js';

/** Messaging API for messages: send (v1, v2) and list (v1, v2, v3), in the platform's shapes. */
export function messageRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, realtime: ctx.realtime, publicUrl: ctx.config.publicUrl };
  return async (app) => {
    const pre = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')] };
    const tags = ['messages'];
    const sendLimit = visitorSendLimit(ctx.config);
    for (const url of [MESSAGING_PATHS.messageSend, MESSAGING_PATHS.messageSendV2]) {
      app.post(
        url,
        {
          // Per visitor across both send routes, so a script cannot flood an inbox through the widget.
          preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations'), sendLimit],
          schema: { tags, body: messageSendRequestSchema, response: { 200: messageSendResponseSchema } },
        },
        async (req) => {
          const { fromUserName, ...body } = req.body;
          // Kommunicate's Platform API names the sender in the body; an admin's delegation, as Of-User-Id.
          const caller = fromUserName ? await ctx.actAs(requireAuth(req), fromUserName) : requireAuth(req);
          // The address (behind TRUST_PROXY, the client's) travels to the bot: its LLM spend ceiling.
          return service.sendAnswer(await service.sendMessage(deps, caller, body, { address: req.ip }));
        },
      );
    }
    for (const url of [
      MESSAGING_PATHS.messageList,
      MESSAGING_PATHS.messageListV2,
      MESSAGING_PATHS.messageListV3,
    ]) {
      app.get(
        url,
        {
          ...pre,
          schema: { tags, querystring: messageListQuerySchema, response: { 200: messageListResponseSchema } },
        },
        async (req) => service.listMessages(deps, requireAuth(req), req.query),
      );
    }

    app.get(
      MESSAGING_PATHS.messageDetail,
      {
        ...pre,
        schema: {
          tags,
          querystring: messageDetailQuerySchema,
          response: { 200: platformOk(z.array(messageSchema)) },
        },
      },
      async (req) => ok(await service.messageDetails(deps, requireAuth(req), req.query.keys)),
    );
  };
}
