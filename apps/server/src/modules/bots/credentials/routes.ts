import {
  BOT_CREDENTIALS_PATHS,
  botCredentialsUpdateSchema,
  botIdParamsSchema,
  botResponseSchema,
  dialogflowAuthorizeSchema,
  dialogflowAuthorizeUrlResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import * as service from './service.js';

/** An external engine's credentials and Google's authorization of a Dialogflow agent (admins only). */
export function botCredentialsRoutes(
  ctx: Pick<RouteContext, 'config' | 'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin'>,
): FastifyPluginAsyncZod {
  const deps: service.CredentialsDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    google: ctx.config.externalBots.google,
    publicUrl: ctx.config.publicUrl,
  };
  return async (app) => {
    const admin = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots'), ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.put(
      BOT_CREDENTIALS_PATHS.credentials,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: botCredentialsUpdateSchema,
          response: { 200: botResponseSchema },
        },
      },
      async (req) => ok(await service.putCredentials(deps, requireAuth(req), req.params.botId, req.body)),
    );

    app.delete(
      BOT_CREDENTIALS_PATHS.credentials,
      {
        ...admin,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: botResponseSchema } },
      },
      async (req) => ok(await service.deleteCredentials(deps, requireAuth(req), req.params.botId)),
    );

    app.get(
      BOT_CREDENTIALS_PATHS.dialogflowAuthorizeUrl,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          response: { 200: dialogflowAuthorizeUrlResponseSchema },
        },
      },
      async (req) =>
        ok({ url: await service.dialogflowAuthorizeUrl(deps, requireAuth(req), req.params.botId) }),
    );

    app.post(
      BOT_CREDENTIALS_PATHS.dialogflowAuthorize,
      {
        ...admin,
        schema: { tags, security, body: dialogflowAuthorizeSchema, response: { 200: botResponseSchema } },
      },
      async (req) => ok(await service.completeDialogflowAuthorization(deps, requireAuth(req), req.body)),
    );
  };
}
