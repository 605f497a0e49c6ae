import {
  APPLICATION_PATHS,
  applicationListByRoleQuerySchema,
  applicationListByRoleResponseSchema,
  createApplicationRequestSchema,
  createApplicationResponseSchema,
  memberApplicationListResponseSchema,
  switchApplicationRequestSchema,
  switchApplicationResponseSchema,
} from '@convo/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, tokenHashOf } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './applications.js';

/** Several applications per account: list, create, switch (product API) and the SPEC §7 list. */
export function applicationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps = ctx.accounts;
  return async (app) => {
    app.get(
      APPLICATION_PATHS.list,
      {
        schema: { tags: ['accounts'], response: { 200: memberApplicationListResponseSchema } },
        preHandler: ctx.authenticate,
        // Each member sees their own memberships only.
        config: ANY_MEMBER,
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.listApplications(deps.db, requireAuth(req)),
      }),
    );

    app.post(
      APPLICATION_PATHS.list,
      {
        schema: {
          tags: ['accounts'],
          body: createApplicationRequestSchema,
          response: { 200: createApplicationResponseSchema },
        },
        preHandler: ctx.authenticate,
        // Admins only, checked by the service (as invitations do).
        config: {
          ...ANY_MEMBER,
          rateLimit: { max: 10, timeWindow: ctx.config.rateLimit.windowMs, hook: 'preHandler' as const },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.createApplication(deps, requireAuth(req), req.body.name),
      }),
    );

    app.post(
      APPLICATION_PATHS.switch,
      {
        schema: {
          tags: ['accounts'],
          body: switchApplicationRequestSchema,
          response: { 200: switchApplicationResponseSchema },
        },
        preHandler: ctx.authenticate,
        // Only into the caller's own memberships; a second factor is asked like at sign-in.
        config: {
          ...ANY_MEMBER,
          // Per session: second-factor codes cannot be tried faster than at sign-in.
          rateLimit: {
            max: ctx.config.rateLimit.loginMax,
            timeWindow: ctx.config.rateLimit.windowMs,
            hook: 'preHandler' as const,
            keyGenerator: (req: FastifyRequest) => `${req.ip}|${tokenHashOf(req) ?? ''}`,
          },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.switchApplication(deps, requireAuth(req), req.body),
      }),
    );

    app.get(
      APPLICATION_PATHS.listByRole,
      {
        schema: {
          tags: ['messaging'],
          querystring: applicationListByRoleQuerySchema,
          response: { 200: applicationListByRoleResponseSchema },
        },
        preHandler: ctx.authenticateMessaging,
        // The caller's own memberships (an end user has none).
        config: ANY_MEMBER,
      },
      async (req) => service.listApplicationsByRole(deps.db, requireAuth(req), req.query),
    );
  };
}
