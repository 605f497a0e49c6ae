import {
  applicationInfoSchema,
  platformEnvelope,
  REGISTRATION_PATHS,
  registerClientRequestSchema,
  registerClientResponseSchema,
  userDataSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as envelope } from '../../http/platform-envelope.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API: user registration/login and application/user look-ups (Applozic shapes). */
export function registrationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, sessionTtlMs: ctx.config.sessionTtlMs };
  return async (app) => {
    app.post(
      REGISTRATION_PATHS.registerClient,
      {
        schema: {
          tags: ['messaging'],
          body: registerClientRequestSchema,
          response: { 200: registerClientResponseSchema },
        },
        // Per address: an office behind one address, or a load test, raises RATE_LIMIT_REGISTER_CLIENT.
        config: {
          ...PUBLIC_ROUTE,
          rateLimit: { max: ctx.config.rateLimit.registerClientPerMinute, timeWindow: 60_000 },
        },
      },
      async (req) =>
        service.registerClient(deps, {
          ...req.body,
          authenticationTypeId: req.body.authenticationTypeId ?? (req.body.password ? 1 : 0),
        }),
    );

    app.get(
      REGISTRATION_PATHS.applicationGet,
      {
        schema: {
          tags: ['messaging'],
          querystring: z.object({ applicationId: z.string().min(1).max(64) }),
          response: { 200: platformEnvelope(applicationInfoSchema) },
        },
        preHandler: ctx.authenticateMessaging,
        // The application's own boot data, read by every session.
        config: ANY_MEMBER,
      },
      async (req) =>
        envelope(
          await service.applicationInfo(deps.db, requireAuth(req).applicationId, req.query.applicationId),
        ),
    );

    app.get(
      REGISTRATION_PATHS.userData,
      {
        schema: {
          tags: ['messaging'],
          querystring: z.object({
            email: z.string().trim().min(1).max(254),
            applicationId: z.string().min(1).max(64),
          }),
          response: { 200: platformEnvelope(userDataSchema) },
        },
        preHandler: ctx.authenticateMessaging,
        // The application's own boot data, read by every session.
        config: ANY_MEMBER,
      },
      async (req) =>
        envelope(await service.userData(deps.db, requireAuth(req), req.query.applicationId, req.query.email)),
    );
  };
}
