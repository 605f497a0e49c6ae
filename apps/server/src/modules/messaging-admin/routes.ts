import {
  applicationEditRequestSchema,
  applicationEditResponseSchema,
  customerInfoResponseSchema,
  developerInviteRequestSchema,
  developerInviteResponseSchema,
  feedbackGetResponseSchema,
  feedbackRequestSchema,
  feedbackResponseSchema,
  groupAllQuerySchema,
  groupAllResponseSchema,
  MESSAGING_ADMIN_PATHS as P,
  passwordUpdateQuerySchema,
  passwordUpdateResponseSchema,
  registerAccountRequestSchema,
  registerAccountResponseSchema,
  statsGetQuerySchema,
  statsGetResponseSchema,
  teamBusinessSettingsQuerySchema,
  teamBusinessSettingsResponseSchema,
  userCreateRequestSchema,
  userCreateResponseSchema,
  userDeleteAllRequestSchema,
  userDeleteAllResponseSchema,
  userFilterRequestSchema,
  userFilterResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/**
 * The rest of the messaging API (SPEC §7). Member-only calls use `authenticate` (an end user's
 * token is refused on either header family) and a SPEC §6 privilege; the password change and the
 * feedback are any session's own.
 */
export function messagingAdminRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const widgetDeps = {
    db,
    realtime: ctx.realtime,
    publicUrl: ctx.config.publicUrl,
    sessionTtlMs: ctx.config.sessionTtlMs,
  };
  const invitationDeps = { db, mailer: ctx.mailer, config: ctx.config, entitlements: ctx.billing };
  const member = (key: Parameters<RouteContext['requirePrivilege']>[0]) => ({
    preHandler: [ctx.authenticate, ctx.requirePrivilege(key)],
  });
  const window = ctx.config.rateLimit.windowMs;
  return async (app) => {
    const tags = ['messaging'];

    app.post(
      P.registerAccount,
      {
        schema: {
          tags,
          body: registerAccountRequestSchema,
          response: { 200: registerAccountResponseSchema },
        },
        // The same budget per address as the dashboard's sign-up.
        config: { ...PUBLIC_ROUTE, rateLimit: { max: 20, timeWindow: window } },
      },
      async (req) => ok(await service.registerAccount(ctx.accounts, req.body, req.ip)),
    );

    app.get(
      P.passwordUpdate,
      {
        preHandler: ctx.authenticateMessaging,
        schema: {
          tags,
          querystring: passwordUpdateQuerySchema,
          response: { 200: passwordUpdateResponseSchema },
        },
        config: { ...ANY_MEMBER, rateLimit: { max: ctx.config.rateLimit.loginMax, timeWindow: window } },
      },
      async (req) =>
        ok(
          await service.updatePassword(
            ctx.accounts,
            requireAuth(req),
            req.query.oldPassword,
            req.query.newPassword,
          ),
        ),
    );

    app.get(
      P.statsGet,
      {
        ...member('reports'),
        schema: { tags, querystring: statsGetQuerySchema, response: { 200: statsGetResponseSchema } },
      },
      async (req) => ok(await service.applicationStats(db, requireAuth(req), req.query.appKey)),
    );

    app.get(
      P.teamBusinessSettings,
      {
        // The widget's visitor reads them too (its away banner); the service shows them less.
        preHandler: [ctx.authenticateMessaging, ctx.requirePrivilege('settings.business-hours')],
        schema: {
          tags,
          querystring: teamBusinessSettingsQuerySchema,
          response: { 200: teamBusinessSettingsResponseSchema },
        },
      },
      async (req) => ok(await service.teamBusinessSettings(db, requireAuth(req), req.query.teamId)),
    );

    app.post(
      P.feedback,
      {
        preHandler: ctx.authenticateMessaging,
        schema: { tags, body: feedbackRequestSchema, response: { 200: feedbackResponseSchema } },
        // The customer rates their own conversation; the service refuses members.
        config: ANY_MEMBER,
      },
      async (req) => {
        const feedback = service.toFeedback(await service.feedback(widgetDeps, requireAuth(req), req.body));
        return { ...ok(feedback), code: 'SUCCESS' as const, data: feedback };
      },
    );

    app.get(
      P.feedbackOf,
      {
        preHandler: ctx.authenticateMessaging,
        schema: {
          tags,
          params: z.object({ groupId: z.coerce.number().int().positive() }),
          response: { 200: feedbackGetResponseSchema },
        },
        // A visitor reads their own conversation's rating; a member any of the application's.
        config: ANY_MEMBER,
      },
      async (req) => ({
        status: 'success' as const,
        code: 'SUCCESS' as const,
        generatedAt: Date.now(),
        data: await service.feedbackOf(db, requireAuth(req), req.params.groupId),
      }),
    );

    app.get(
      P.customerInfo,
      {
        preHandler: ctx.authenticate,
        schema: { tags, response: { 200: customerInfoResponseSchema } },
        // Every member reads who the company is and their own role in it.
        config: ANY_MEMBER,
      },
      async (req) => ok(await service.customerInfo(db, requireAuth(req))),
    );

    app.post(
      P.applicationEdit,
      {
        ...member('settings.company'),
        schema: {
          tags,
          body: applicationEditRequestSchema,
          response: { 200: applicationEditResponseSchema },
        },
      },
      async (req) => ok(await service.editApplication(db, requireAuth(req), req.body.name)),
    );

    app.post(
      P.userCreate,
      {
        ...member('users'),
        schema: { tags, body: userCreateRequestSchema, response: { 200: userCreateResponseSchema } },
      },
      async (req) => ok(await service.createUser(db, requireAuth(req), req.body)),
    );

    app.post(
      P.userFilter,
      {
        ...member('users'),
        schema: { tags, body: userFilterRequestSchema, response: { 200: userFilterResponseSchema } },
      },
      async (req) => ok(await service.filterUsers(db, requireAuth(req), req.body)),
    );

    app.post(
      P.developerInvite,
      {
        ...member('settings.team'),
        schema: {
          tags,
          body: developerInviteRequestSchema,
          response: { 200: developerInviteResponseSchema },
        },
      },
      async (req) => ok(await service.inviteDeveloper(invitationDeps, requireAuth(req), req.body.email)),
    );

    app.post(
      P.userDeleteAll,
      {
        ...member('users.delete-option'),
        schema: { tags, body: userDeleteAllRequestSchema, response: { 200: userDeleteAllResponseSchema } },
      },
      async (req) => ok(await service.deleteAllUsers(db, requireAuth(req))),
    );

    app.get(
      P.groupAll,
      {
        ...member('conversations'),
        schema: { tags, querystring: groupAllQuerySchema, response: { 200: groupAllResponseSchema } },
      },
      async (req) => ok(await service.allConversations(db, requireAuth(req), req.query)),
    );
  };
}
