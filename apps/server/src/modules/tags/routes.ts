import {
  INBOX_PATHS,
  inboxIdParamsSchema,
  tagListResponseSchema,
  tagResponseSchema,
  tagWriteRequestSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: the tag lists (every member reads them to tag conversations) and their management. */
export function tagRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const read = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    const manage = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.tags-management')] };
    const tags = ['tags'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const params = inboxIdParamsSchema;

    app.get(
      INBOX_PATHS.tags,
      { ...read, schema: { tags, security, response: { 200: tagListResponseSchema } } },
      async (req) => ok(await service.listTags(db, requireAuth(req).applicationId)),
    );
    app.post(
      INBOX_PATHS.tags,
      {
        ...manage,
        schema: { tags, security, body: tagWriteRequestSchema, response: { 200: tagResponseSchema } },
      },
      async (req) => ok(await service.createTag(db, requireAuth(req).applicationId, req.body)),
    );
    app.patch(
      INBOX_PATHS.tag,
      {
        ...manage,
        schema: { tags, security, params, body: tagWriteRequestSchema, response: { 200: tagResponseSchema } },
      },
      async (req) => ok(await service.updateTag(db, requireAuth(req).applicationId, req.params.id, req.body)),
    );
    app.delete(
      INBOX_PATHS.tag,
      { ...manage, schema: { tags, security, params, response: { 200: tagResponseSchema } } },
      async (req) => ok(await service.deleteTag(db, requireAuth(req).applicationId, req.params.id)),
    );
    app.post(
      INBOX_PATHS.tagRestore,
      { ...manage, schema: { tags, security, params, response: { 200: tagResponseSchema } } },
      async (req) => ok(await service.restoreTag(db, requireAuth(req).applicationId, req.params.id)),
    );
  };
}
