import {
  customerBulkDeleteRequestSchema,
  customerBulkDeleteResponseSchema,
  customerImportRequestSchema,
  customerImportResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerParamsSchema,
  customerResponseSchema,
  customerUpdateRequestSchema,
  CUSTOMER_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/**
 * /users: members only (authenticate refuses end users' tokens on both header families), guarded by
 * `users`; bulk delete by `users.delete-option` (roles 0 and 1 by default).
 */
export function customerRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['users'];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('users')] };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      P.list,
      {
        ...guard,
        schema: { tags, querystring: customerListQuerySchema, response: { 200: customerListResponseSchema } },
      },
      async (req) => ok(await service.list(db, requireAuth(req), req.query)),
    );
    app.get(P.export, { ...guard, schema: { tags } }, async (req, reply) => {
      const csv = await service.exportCsv(db, requireAuth(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(csv);
    });
    app.get(
      P.one,
      { ...guard, schema: { tags, params: customerParamsSchema, response: { 200: customerResponseSchema } } },
      async (req) => ok(await service.get(db, requireAuth(req), req.params.userId)),
    );
    app.patch(
      P.one,
      {
        ...guard,
        schema: {
          tags,
          params: customerParamsSchema,
          body: customerUpdateRequestSchema,
          response: { 200: customerResponseSchema },
        },
      },
      async (req) => ok(await service.update(db, requireAuth(req), req.params.userId, req.body)),
    );
    app.post(
      P.importBulk,
      {
        ...guard,
        bodyLimit: 8 * 1024 * 1024,
        schema: { tags, body: customerImportRequestSchema, response: { 200: customerImportResponseSchema } },
      },
      async (req) => ok(await service.importBatch(db, requireAuth(req), req.body.rows)),
    );
    app.post(
      P.deleteBulk,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('users.delete-option')],
        schema: {
          tags,
          body: customerBulkDeleteRequestSchema,
          response: { 200: customerBulkDeleteResponseSchema },
        },
      },
      async (req) => ok(await service.bulkDelete(db, requireAuth(req), req.body.userIds)),
    );
  };
}
