import {
  documentLinkQuerySchema,
  documentPreviewResponseSchema,
  documentShareRequestSchema,
  documentShareResponseSchema,
  DOCUMENT_PREVIEW_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Sharing a file by a signed link, and the public preview of that link. */
export function documentPreviewRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const deps: service.DocumentPreviewDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    publicUrl: ctx.config.publicUrl,
  };
  return async (app) => {
    const tags = ['attachments'];
    app.post(
      P.share,
      {
        // Files serve the inbox, the bots and the profile alike: any member may share one of the
        // application's files (the service checks it is this application's).
        preHandler: ctx.authenticate,
        config: ANY_MEMBER,
        schema: { tags, body: documentShareRequestSchema, response: { 200: documentShareResponseSchema } },
      },
      async (req) => ({
        code: 'SUCCESS' as const,
        data: await service.shareLink(deps, requireAuth(req), req.body.key),
      }),
    );
    app.get(
      P.preview,
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags,
          querystring: documentLinkQuerySchema,
          response: { 200: documentPreviewResponseSchema },
        },
      },
      async (req) => ({ code: 'SUCCESS' as const, data: await service.preview(deps, req.query) }),
    );
  };
}
