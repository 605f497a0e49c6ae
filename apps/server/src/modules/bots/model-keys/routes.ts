import {
  AI_MODEL_PATHS,
  aiModelCredentialListResponseSchema,
  aiModelTestParamsSchema,
  aiModelTestResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import { type CredentialTestDeps, listCredentials, testCredential } from './service.js';

export type CredentialRouteContext = Pick<RouteContext, 'authenticate' | 'requirePrivilege' | 'requireAdmin'>;

/**
 * The integrations hub's AI model providers (privilege integrations): the agents' keys masked, and
 * a test that spends one short provider call (admins, as every change of a bot's engine is).
 */
export function aiModelCredentialRoutes(
  ctx: CredentialRouteContext,
  deps: CredentialTestDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['integrations'];
    const security = [{ bearer: [] }];
    app.get(
      AI_MODEL_PATHS.list,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')],
        schema: { tags, security, response: { 200: aiModelCredentialListResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await listCredentials(deps.db, deps.appSecret, requireAuth(req).applicationId),
      }),
    );
    app.post(
      AI_MODEL_PATHS.test,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations'), ctx.requireAdmin],
        schema: {
          tags,
          security,
          params: aiModelTestParamsSchema,
          response: { 200: aiModelTestResponseSchema },
        },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await testCredential(deps, requireAuth(req).applicationId, req.params.botId),
      }),
    );
  };
}
