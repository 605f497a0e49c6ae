import { ONBOARDING_PATHS, onboardingFlagsUpdateSchema, onboardingResponseSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: the setup guide (every member sees their application's) and their own flags. */
export function onboardingRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = { preHandler: ctx.authenticate, config: ANY_MEMBER };
    const tags = ['onboarding'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      ONBOARDING_PATHS.onboarding,
      { ...guard, schema: { tags, security, response: { 200: onboardingResponseSchema } } },
      async (req) => ok(await service.readOnboarding(db, requireAuth(req))),
    );
    app.post(
      ONBOARDING_PATHS.onboarding,
      {
        ...guard,
        schema: {
          tags,
          security,
          body: onboardingFlagsUpdateSchema,
          response: { 200: onboardingResponseSchema },
        },
      },
      async (req) => ok(await service.updateFlags(db, requireAuth(req), req.body)),
    );
  };
}
