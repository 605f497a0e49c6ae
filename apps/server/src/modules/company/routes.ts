import {
  companyResponseSchema,
  companySupportWidgetRequestSchema,
  companyUpdateRequestSchema,
  TEAM_ADMIN_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API for /settings/company. */
export function companyRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['company'];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.company')] };
    app.get(
      P.company,
      { ...guard, schema: { tags, response: { 200: companyResponseSchema } } },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.read(db, requireAuth(req)),
      }),
    );
    app.patch(
      P.company,
      {
        ...guard,
        schema: { tags, body: companyUpdateRequestSchema, response: { 200: companyResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.update(db, requireAuth(req), req.body),
      }),
    );
    app.put(
      P.companySupportWidget,
      {
        ...guard,
        schema: { tags, body: companySupportWidgetRequestSchema, response: { 200: companyResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.setSupportWidget(db, requireAuth(req), req.body),
      }),
    );
  };
}
