import {
  BOT_PATHS,
  botIdParamsSchema,
  emulatorCorrectionSchema,
  emulatorRequestSchema,
  emulatorResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import { correctPhrase } from '../builder/service.js';
import { type EmulatorDeps, emulate } from './service.js';

export type EmulatorRouteContext = Pick<RouteContext, 'authenticate' | 'requirePrivilege' | 'requireAdmin'>;

/** The builder's test panel (privilege bots); its corrections change the bot (admins). */
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

    // "This should have been…": learn the message as a phrase of the right intent (or of none),
    // retrain, and answer it again with the language trained on the spot.
    app.post(
      BOT_PATHS.emulatorCorrection,
      {
        // It changes the bot's phrases: an admin's, as every bot change (issue 32).
        preHandler: [ctx.authenticate, ctx.requirePrivilege('bots'), ctx.requireAdmin],
        schema: {
          tags: ['bots'],
          security: [{ bearer: [] }],
          params: botIdParamsSchema,
          body: emulatorCorrectionSchema,
          response: { 200: emulatorResponseSchema },
        },
      },
      async (req) => {
        const applicationId = requireAuth(req).applicationId;
        const { message, language, intent, confidenceThreshold } = req.body;
        await correctPhrase(deps.db, applicationId, req.params.botId, { message, language, intent });
        const data = await emulate(
          deps,
          applicationId,
          req.params.botId,
          {
            message,
            language,
            history: [],
            ...(confidenceThreshold === undefined ? {} : { confidenceThreshold }),
          },
          { fresh: true },
        );
        return { code: 'SUCCESS' as const, data };
      },
    );
  };
}
