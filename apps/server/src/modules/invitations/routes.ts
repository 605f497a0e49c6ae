import {
  invitationDetailResponseSchema,
  invitationIdSchema,
  invitationListResponseSchema,
  invitationResponseSchema,
  inviteRequestSchema,
  inviteTokenQuerySchema,
  messageResponseSchema,
  TEAM_ADMIN_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: invite by e-mail, list, resend, revoke; the public detail of an invitation link. */
export function invitationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.InvitationDeps = {
    db: ctx.database.db,
    mailer: ctx.mailer,
    config: ctx.config,
    entitlements: ctx.billing,
  };
  return async (app) => {
    const tags = ['team'];
    const team = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.team')] };

    app.get(
      P.inviteList,
      { ...team, schema: { tags, response: { 200: invitationListResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.listInvitations(deps, requireAuth(req)),
      }),
    );

    app.post(
      P.invite,
      { ...team, schema: { tags, body: inviteRequestSchema, response: { 200: invitationResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.invite(deps, requireAuth(req), req.body),
      }),
    );

    app.post(
      P.inviteResend,
      { ...team, schema: { tags, body: invitationIdSchema, response: { 200: invitationResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.resend(deps, requireAuth(req), req.body.id),
      }),
    );

    app.delete(
      P.invitation,
      {
        ...team,
        schema: { tags, querystring: invitationIdSchema, response: { 200: messageResponseSchema } },
      },
      async (req) => {
        await service.revoke(deps, requireAuth(req), req.query.id);
        return { code: 'SUCCESS' as const, message: 'Invitation revoked.' };
      },
    );

    // Public: the sign-up page reads it before the person has an account. Rate-limited so tokens
    // cannot be guessed at speed (they are 256-bit anyway).
    app.get(
      P.inviteDetail,
      {
        schema: {
          tags,
          querystring: inviteTokenQuerySchema,
          response: { 200: invitationDetailResponseSchema },
        },
        config: {
          ...PUBLIC_ROUTE,
          rateLimit: { max: ctx.config.rateLimit.loginMax, timeWindow: ctx.config.rateLimit.windowMs },
        },
      },
      async (req) => ({ code: 'SUCCESS' as const, data: await service.detail(deps, req.query.token) }),
    );
  };
}
