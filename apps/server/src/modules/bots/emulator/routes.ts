import { BOT_PATHS, botIdParamsSchema, emulatorRequestSchema, emulatorResponseSchema } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import { type EmulatorDeps, emulate } from './service.js';

export type EmulatorRouteContext = Pick<RouteContext, 'authenticate' | 'requirePrivilege'>;

/** The builder's test panel (privilege bots). */
export function botEmulatorRoutes(ctx: EmulatorRouteContext, deps: EmulatorDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      BOT_PATHS.emulator,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')],
        schema: {
          tags: ['bots'],
          security: [{ bearer: [] }],
          params: botIdParamsSchema,
          body: emulatorRequestSchema,
          response: { 200: emulatorResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await emulate(deps, requireAuth(req).applicationId, req.params.botId, req.body),
      }),
    );
  };
}
