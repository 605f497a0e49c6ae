import { CONVERSATION_PATHS, messageLogQuerySchema, messageLogResponseSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

/** Messaging API: the message logs screen (`message/filter`), members with the message-logs privilege. */
export function messageLogRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db };
  return async (app) => {
    app.get(
      CONVERSATION_PATHS.messageFilter,
      {
        preHandler: [
          ctx.authenticateMessaging,
          ctx.requirePrivilege('message-logs'),
          featureGuard(ctx.billing, 'messageLogs'),
        ],
        schema: {
          tags: ['messages'],
          querystring: messageLogQuerySchema,
          response: { 200: messageLogResponseSchema },
        },
      },
      async (req) => ok(await service.messageLogs(deps, requireAuth(req), req.query)),
    );
  };
}
