import {
  customRoutingDeleteRequestSchema,
  customRoutingDeleteResponseSchema,
  customRoutingListQuerySchema,
  customRoutingListResponseSchema,
  customRoutingUpsertRequestSchema,
  customRoutingUpsertResponseSchema,
  CUSTOM_ROUTING_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import * as customRoutes from './custom-routes.js';

/** Messaging API for custom routing: members with the conversation-rules privilege (SPEC §6). */
export function customRoutingRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.conversation-rules')] };
    const tags = ['routing'];

    app.post(
      P.bulkUpsert,
      {
        ...guard,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          body: customRoutingUpsertRequestSchema,
          response: { 200: customRoutingUpsertResponseSchema },
        },
      },
      async (req) => ok(await customRoutes.bulkUpsert(db, requireAuth(req), req.body)),
    );
    app.post(
      P.bulkDelete,
      {
        ...guard,
        schema: {
          tags,
          body: customRoutingDeleteRequestSchema,
          response: { 200: customRoutingDeleteResponseSchema },
        },
      },
      async (req) => ok(await customRoutes.bulkDelete(db, requireAuth(req), req.body.userIds)),
    );
    app.get(
      P.list,
      {
        ...guard,
        schema: {
          tags,
          querystring: customRoutingListQuerySchema,
          response: { 200: customRoutingListResponseSchema },
        },
      },
      async (req) => ok(await customRoutes.list(db, requireAuth(req), req.query)),
    );
  };
}
