import {
  appModuleCreateRequestSchema,
  appModuleDeleteQuerySchema,
  appModuleDeleteResponseSchema,
  appModuleEditRequestSchema,
  appModuleListResponseSchema,
  appModuleResponseSchema,
  APP_MODULE_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { platformOk as ok } from '../../http/platform-envelope.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Messaging API for app modules: members who may install the product (SPEC §6 install). */
export function appModuleRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.install')] };
    const tags = ['app-modules'];

    app.get(
      P.list,
      { ...guard, schema: { tags, response: { 200: appModuleListResponseSchema } } },
      async (req) => ok(await service.list(db, requireAuth(req))),
    );
    app.post(
      P.create,
      {
        ...guard,
        schema: { tags, body: appModuleCreateRequestSchema, response: { 200: appModuleResponseSchema } },
      },
      async (req) => ok(await service.create(db, requireAuth(req), req.body)),
    );
    app.post(
      P.edit,
      {
        ...guard,
        schema: { tags, body: appModuleEditRequestSchema, response: { 200: appModuleResponseSchema } },
      },
      async (req) => ok(await service.edit(db, requireAuth(req), req.body)),
    );
    app.delete(
      P.delete,
      {
        ...guard,
        schema: {
          tags,
          querystring: appModuleDeleteQuerySchema,
          response: { 200: appModuleDeleteResponseSchema },
        },
      },
      async (req) => ok(await service.remove(db, requireAuth(req), req.query.name)),
    );
  };
}
