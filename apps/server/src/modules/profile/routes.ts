import { TEAM_ADMIN_PATHS as P, profileResponseSchema, profileUpdateRequestSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API for /settings/profile. */
export function profileRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.ProfileDeps = { db: ctx.database.db, publicUrl: ctx.config.publicUrl };
  return async (app) => {
    const tags = ['profile'];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.profile')] };
    app.get(
      P.profile,
      { ...guard, schema: { tags, response: { 200: profileResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.read(deps, requireAuth(req)),
      }),
    );
    app.patch(
      P.profile,
      {
        ...guard,
        schema: { tags, body: profileUpdateRequestSchema, response: { 200: profileResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.update(deps, requireAuth(req), req.body),
      }),
    );
  };
}
