import {
  botIdParamsSchema,
  FLOW_PATHS,
  flowCreateSchema,
  flowDeleteResponseSchema,
  flowEmulatorRequestSchema,
  flowEmulatorResponseSchema,
  flowIdParamsSchema,
  flowListResponseSchema,
  flowResponseSchema,
  flowRollbackSchema,
  flowUpdateSchema,
  flowVersionsResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import { type FlowHttp, guardedFlowHttp } from './runner.js';
import type { FlowCodeRunner } from './service.js';
import * as service from './service.js';

export type FlowRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin'
>;

/** The Flow Designer's API (privilege bots to read; every change an admin's, like other bot changes). */
export function botFlowRoutes(
  ctx: FlowRouteContext,
  deps: { http?: FlowHttp; code?: FlowCodeRunner } = {},
): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const http = deps.http ?? guardedFlowHttp;
  const code = deps.code ?? service.sandboxFlowCode(db);
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const app_ = (req: Parameters<typeof requireAuth>[0]) => requireAuth(req).applicationId;

    app.get(
      FLOW_PATHS.flows,
      {
        ...guard,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: flowListResponseSchema } },
      },
      async (req) => ok(await service.listFlows(db, app_(req), req.params.botId)),
    );
    app.post(
      FLOW_PATHS.flows,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: flowCreateSchema,
          response: { 200: flowResponseSchema },
        },
      },
      async (req) => ok(await service.createFlow(db, app_(req), req.params.botId, req.body)),
    );
    app.get(
      FLOW_PATHS.flow,
      {
        ...guard,
        schema: { tags, security, params: flowIdParamsSchema, response: { 200: flowResponseSchema } },
      },
      async (req) => ok(await service.getFlow(db, app_(req), req.params.botId, req.params.flowId)),
    );
    app.patch(
      FLOW_PATHS.flow,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: flowIdParamsSchema,
          body: flowUpdateSchema,
          response: { 200: flowResponseSchema },
        },
      },
      async (req) =>
        ok(await service.updateFlow(db, app_(req), req.params.botId, req.params.flowId, req.body)),
    );
    app.delete(
      FLOW_PATHS.flow,
      {
        ...admin,
        schema: { tags, security, params: flowIdParamsSchema, response: { 200: flowDeleteResponseSchema } },
      },
      async (req) => {
        await service.deleteFlow(db, app_(req), req.params.botId, req.params.flowId);
        return { code: 'SUCCESS' as const, message: 'Flow deleted.' };
      },
    );
    app.post(
      FLOW_PATHS.publish,
      {
        ...admin,
        schema: { tags, security, params: flowIdParamsSchema, response: { 200: flowResponseSchema } },
      },
      async (req) => ok(await service.publishFlow(db, app_(req), req.params.botId, req.params.flowId)),
    );
    app.get(
      FLOW_PATHS.versions,
      {
        ...guard,
        schema: { tags, security, params: flowIdParamsSchema, response: { 200: flowVersionsResponseSchema } },
      },
      async (req) => ok(await service.listVersions(db, app_(req), req.params.botId, req.params.flowId)),
    );
    app.post(
      FLOW_PATHS.rollback,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: flowIdParamsSchema,
          body: flowRollbackSchema,
          response: { 200: flowResponseSchema },
        },
      },
      async (req) =>
        ok(await service.rollbackFlow(db, app_(req), req.params.botId, req.params.flowId, req.body.version)),
    );
    // The emulator calls the draft's APIs, so it is an admin's like the other changes' tests.
    app.post(
      FLOW_PATHS.emulator,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: flowIdParamsSchema,
          body: flowEmulatorRequestSchema,
          response: { 200: flowEmulatorResponseSchema },
        },
      },
      async (req) => {
        const r = await service.emulateFlow(
          db,
          http,
          app_(req),
          req.params.botId,
          req.params.flowId,
          req.body,
          code,
        );
        return ok({
          messages: r.messages,
          state: r.state,
          done: r.done,
          handoff: r.handoff,
          answer: r.answer,
          path: r.path,
        });
      },
    );
  };
}
