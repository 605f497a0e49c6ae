import {
  botCreateRequestSchema,
  memberUpdateRequestSchema,
  messageResponseSchema,
  TEAM_ADMIN_PATHS as P,
  successEnvelope,
  teamMemberListResponseSchema,
  teamMemberViewSchema,
  userNameParamsSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import type { SessionRevoker } from '../realtime/index.js';
import * as service from './service.js';

/** Product API for /settings/team: members, role changes, disable/reactivate, delete, bots. */
export function teamMemberRoutes(ctx: RouteContext, revokeSessions: SessionRevoker): FastifyPluginAsyncZod {
  const deps: service.TeamMemberDeps = { db: ctx.database.db, revokeSessions, entitlements: ctx.billing };
  return async (app) => {
    const tags = ['team'];
    const team = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.team')] };

    app.get(
      P.members,
      { ...team, schema: { tags, response: { 200: teamMemberListResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.listMembers(deps, requireAuth(req)),
      }),
    );

    app.patch(
      P.membersUpdate,
      {
        ...team,
        schema: { tags, body: memberUpdateRequestSchema, response: { 200: teamMemberListResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.updateMembers(deps, requireAuth(req), req.body),
      }),
    );

    app.delete(
      P.member,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('users.delete-option')],
        schema: { tags, params: userNameParamsSchema, response: { 200: messageResponseSchema } },
      },
      async (req) => {
        await service.deleteMember(deps, requireAuth(req), req.params.userName);
        return { code: 'SUCCESS' as const, message: 'Member deleted.' };
      },
    );

    app.post(
      P.bots,
      {
        ...team,
        schema: {
          tags,
          body: botCreateRequestSchema,
          response: { 200: successEnvelope(teamMemberViewSchema) },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.createBot(deps, requireAuth(req), req.body),
      }),
    );
  };
}
