import {
  messagingUserSchema,
  platformOk,
  TEAM_USER_STATS_PATHS,
  userDetailRequestSchema,
  userListQuerySchema,
  userListSchema,
  userSearchQuerySchema,
  userStatusRequestSchema,
  userStatusResponseSchema,
  userUpdateRequestSchema,
  visitorPeerSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API for users: list, search, details, profile update, availability. */
export function messagingUserRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, realtime: ctx.realtime };
  return async (app) => {
    // Lists and details of people are the inbox's; everyone updates their own profile and status.
    const inbox = { preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('conversations')] };
    const own = { preHandler: ctx.authenticateMessaging, config: ANY_MEMBER };
    const tags = ['users'];
    const P = TEAM_USER_STATS_PATHS;

    app.get(
      P.userList,
      {
        ...inbox,
        schema: { tags, querystring: userListQuerySchema, response: { 200: platformOk(userListSchema) } },
      },
      async (req) => ok(await service.listUsers(deps, requireAuth(req), req.query)),
    );

    app.get(
      P.userSearch,
      {
        ...inbox,
        schema: {
          tags,
          querystring: userSearchQuerySchema,
          response: { 200: platformOk(z.array(messagingUserSchema)) },
        },
      },
      async (req) => ok(await service.searchUsers(deps, requireAuth(req), req.query.q)),
    );

    app.post(
      P.userDetail,
      {
        ...inbox,
        schema: {
          tags,
          body: userDetailRequestSchema,
          response: { 200: platformOk(z.array(z.union([messagingUserSchema, visitorPeerSchema]))) },
        },
      },
      async (req) =>
        ok(
          await service.userDetails(
            { ...deps, secret: ctx.config.appSecret },
            requireAuth(req),
            req.body.userIdList,
          ),
        ),
    );

    app.post(
      P.userUpdate,
      {
        ...own,
        schema: { tags, body: userUpdateRequestSchema, response: { 200: platformOk(z.literal('success')) } },
      },
      async (req) => {
        await service.updateProfile(deps, requireAuth(req), req.body);
        return ok('success' as const);
      },
    );

    app.post(
      P.userStatus,
      {
        ...own,
        schema: {
          tags,
          body: userStatusRequestSchema,
          response: { 200: platformOk(userStatusResponseSchema) },
        },
      },
      async (req) => ok(await service.setAvailability(deps, requireAuth(req), req.body.status)),
    );
  };
}
