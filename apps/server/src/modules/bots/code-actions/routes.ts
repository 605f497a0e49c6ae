import {
  CODE_ACTION_PATHS,
  codeActionDeleteResponseSchema,
  codeActionIdParamsSchema,
  codeActionListResponseSchema,
  codeActionResponseSchema,
  codeActionWriteSchema,
  codeGenerateRequestSchema,
  codeGenerateResponseSchema,
  codeTestRequestSchema,
  codeTestResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import * as service from './service.js';

export type CodeActionRouteContext = Pick<RouteContext, 'authenticate' | 'requirePrivilege' | 'requireAdmin'>;

/**
 * SPEC §7 code-pilot generate and test-code, and the saved custom actions (privilege bots). Only
 * admins generate, run and change them, as every change to a bot is; the list is the bots privilege's.
 */
export function codeActionRoutes(
  ctx: CodeActionRouteContext,
  deps: service.CodeActionDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const app_ = (req: Parameters<typeof requireAuth>[0]) => requireAuth(req).applicationId;

    app.post(
      CODE_ACTION_PATHS.generate,
      {
        ...admin,
        // Each call spends the application's provider key.
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          body: codeGenerateRequestSchema,
          response: { 200: codeGenerateResponseSchema },
        },
      },
      async (req) => ok(await service.generateCode(deps, app_(req), req.body)),
    );
    app.post(
      CODE_ACTION_PATHS.testCode,
      {
        ...admin,
        // Each run is a process: bounded per minute as well as two at a time.
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, security, body: codeTestRequestSchema, response: { 200: codeTestResponseSchema } },
      },
      async (req) => ok(await service.testCode(deps, req.body.code, req.body.input)),
    );
    app.get(
      CODE_ACTION_PATHS.actions,
      { ...guard, schema: { tags, security, response: { 200: codeActionListResponseSchema } } },
      async (req) => ok(await service.listActions(deps.db, app_(req))),
    );
    app.post(
      CODE_ACTION_PATHS.actions,
      {
        ...admin,
        schema: { tags, security, body: codeActionWriteSchema, response: { 200: codeActionResponseSchema } },
      },
      async (req) => ok(await service.createAction(deps.db, app_(req), req.body)),
    );
    app.put(
      CODE_ACTION_PATHS.action,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: codeActionIdParamsSchema,
          body: codeActionWriteSchema,
          response: { 200: codeActionResponseSchema },
        },
      },
      async (req) => ok(await service.updateAction(deps.db, app_(req), req.params.actionId, req.body)),
    );
    app.delete(
      CODE_ACTION_PATHS.action,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: codeActionIdParamsSchema,
          response: { 200: codeActionDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.deleteAction(deps.db, app_(req), req.params.actionId);
        return ok({ deleted: true as const });
      },
    );
  };
}
