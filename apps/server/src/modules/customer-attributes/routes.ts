import {
  customerAttributeCreateRequestSchema,
  customerAttributeListResponseSchema,
  customerAttributeParamsSchema,
  customerAttributeReorderRequestSchema,
  customerAttributeResponseSchema,
  customerAttributeUpdateRequestSchema,
  messageResponseSchema,
  CUSTOMER_ATTRIBUTE_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API for /settings/user-details: any member reads, settings.user-details writes. */
export function customerAttributeRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['customers'];
    const security = [{ bearer: [] }];
    const write = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.user-details')] };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      P.list,
      {
        preHandler: ctx.authenticate,
        config: ANY_MEMBER,
        schema: { tags, security, response: { 200: customerAttributeListResponseSchema } },
      },
      async (req) => ok(await service.list(db, requireAuth(req))),
    );
    app.post(
      P.list,
      {
        ...write,
        schema: {
          tags,
          security,
          body: customerAttributeCreateRequestSchema,
          response: { 200: customerAttributeResponseSchema },
        },
      },
      async (req) => ok(await service.create(db, requireAuth(req), req.body)),
    );
    app.put(
      P.order,
      {
        ...write,
        schema: {
          tags,
          security,
          body: customerAttributeReorderRequestSchema,
          response: { 200: customerAttributeListResponseSchema },
        },
      },
      async (req) => ok(await service.reorder(db, requireAuth(req), req.body.ids)),
    );
    app.patch(
      P.one,
      {
        ...write,
        schema: {
          tags,
          security,
          params: customerAttributeParamsSchema,
          body: customerAttributeUpdateRequestSchema,
          response: { 200: customerAttributeResponseSchema },
        },
      },
      async (req) => ok(await service.update(db, requireAuth(req), req.params.id, req.body)),
    );
    app.delete(
      P.one,
      {
        ...write,
        schema: {
          tags,
          security,
          params: customerAttributeParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (req) => {
        await service.remove(db, requireAuth(req), req.params.id);
        return { code: 'SUCCESS' as const, message: 'Deleted.' };
      },
    );
  };
}
