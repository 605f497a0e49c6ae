import {
  BOT_SETTINGS_PATHS,
  botExportFileSchema,
  botExportResponseSchema,
  botIdParamsSchema,
  botImportQuerySchema,
  botImportResponseSchema,
  botWebhookResponseSchema,
  botWebhookUpdateSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import * as service from './service.js';

export type BotSettingsRouteContext = Pick<
  RouteContext,
  'config' | 'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin' | 'billing'
>;

/** An export file of a few thousand answers is larger than the default 1 MB body. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** The builder's settings pages: fulfillment webhook, export and import (privilege bots). */
export function botSettingsRoutes(ctx: BotSettingsRouteContext): FastifyPluginAsyncZod {
  const deps: service.BotSettingsDeps = { db: ctx.database.db, appSecret: ctx.config.appSecret };
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    // Every change to a bot is an admin's (docs/decisions.md "AI agents: managing bots").
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      BOT_SETTINGS_PATHS.webhook,
      {
        ...guard,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: botWebhookResponseSchema } },
      },
      async (req) => ok(await service.getWebhook(deps, requireAuth(req), req.params.botId)),
    );

    app.put(
      BOT_SETTINGS_PATHS.webhook,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: botWebhookUpdateSchema,
          response: { 200: botWebhookResponseSchema },
        },
      },
      async (req) => ok(await service.updateWebhook(deps, requireAuth(req), req.params.botId, req.body)),
    );

    app.get(
      BOT_SETTINGS_PATHS.export,
      {
        ...guard,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: botExportResponseSchema } },
      },
      async (req, reply) => {
        const file = await service.exportBot(deps, requireAuth(req), req.params.botId);
        const name = `${file.bot.name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'bot'}.convo-bot.json`;
        reply.header('content-disposition', `attachment; filename="${name}"`);
        return file;
      },
    );

    app.post(
      BOT_SETTINGS_PATHS.import,
      {
        ...admin,
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          querystring: botImportQuerySchema,
          body: botExportFileSchema,
          response: { 200: botImportResponseSchema },
        },
      },
      async (req) =>
        ok(
          await service.importBot(
            deps,
            requireAuth(req),
            req.params.botId,
            req.body,
            req.query.dryRun === 'true',
          ),
        ),
    );
  };
}
