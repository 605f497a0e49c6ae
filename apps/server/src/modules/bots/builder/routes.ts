import {
  BOT_PATHS,
  botDeleteResponseSchema,
  botIdParamsSchema,
  entityIdParamsSchema,
  entityListQuerySchema,
  entityListResponseSchema,
  entityResponseSchema,
  entityWriteSchema,
  intentCopySchema,
  intentDeleteQuerySchema,
  intentIdParamsSchema,
  intentListQuerySchema,
  intentListResponseSchema,
  intentResponseSchema,
  intentWriteSchema,
  thresholdPreviewRequestSchema,
  thresholdPreviewResponseSchema,
  trainingRequestSchema,
  trainingResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../http/auth.js';
import type { RouteContext } from '../../../http/route-context.js';
import * as service from './service.js';

export type BotBuilderRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin'
>;

/** Product API of the bot builder's Classic View: intents, entities, training (privilege bots). */
export function botBuilderRoutes(ctx: BotBuilderRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    // Every change to a bot is an admin's (docs/decisions.md "AI agents: managing bots").
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const app_ = (req: Parameters<typeof requireAuth>[0]) => requireAuth(req).applicationId;

    app.get(
      BOT_PATHS.intents,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          querystring: intentListQuerySchema,
          response: { 200: intentListResponseSchema },
        },
      },
      async (req) => ok(await service.listIntents(db, app_(req), req.params.botId, req.query.language)),
    );

    app.post(
      BOT_PATHS.intents,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: intentWriteSchema,
          response: { 200: intentResponseSchema },
        },
      },
      async (req) => ok(await service.createIntent(db, app_(req), req.params.botId, req.body)),
    );

    app.post(
      BOT_PATHS.copyIntents,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: intentCopySchema,
          response: { 200: intentListResponseSchema },
        },
      },
      async (req) => ok(await service.copyIntents(db, app_(req), req.params.botId, req.body)),
    );

    app.put(
      BOT_PATHS.intent,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: intentIdParamsSchema,
          body: intentWriteSchema,
          response: { 200: intentResponseSchema },
        },
      },
      async (req) =>
        ok(await service.updateIntent(db, app_(req), req.params.botId, req.params.intentId, req.body)),
    );

    app.delete(
      BOT_PATHS.intent,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: intentIdParamsSchema,
          querystring: intentDeleteQuerySchema,
          response: { 200: botDeleteResponseSchema },
        },
      },
      async (req) => {
        const all = req.query.allLanguages === 'true';
        const count = await service.deleteIntent(db, app_(req), req.params.botId, req.params.intentId, all);
        return {
          code: 'SUCCESS' as const,
          message: count === 1 ? 'Intent deleted' : `${count} intents deleted`,
        };
      },
    );

    app.get(
      BOT_PATHS.entities,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          querystring: entityListQuerySchema,
          response: { 200: entityListResponseSchema },
        },
      },
      async (req) => ok(await service.listEntities(db, app_(req), req.params.botId, req.query.locale)),
    );

    app.post(
      BOT_PATHS.entities,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: entityWriteSchema,
          response: { 200: entityResponseSchema },
        },
      },
      async (req) => ok(await service.createEntity(db, app_(req), req.params.botId, req.body)),
    );

    app.put(
      BOT_PATHS.entity,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: entityIdParamsSchema,
          body: entityWriteSchema,
          response: { 200: entityResponseSchema },
        },
      },
      async (req) =>
        ok(await service.updateEntity(db, app_(req), req.params.botId, req.params.entityId, req.body)),
    );

    app.delete(
      BOT_PATHS.entity,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: entityIdParamsSchema,
          response: { 200: botDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.deleteEntity(db, app_(req), req.params.botId, req.params.entityId);
        return { code: 'SUCCESS' as const, message: 'Entity deleted' };
      },
    );

    app.get(
      BOT_PATHS.training,
      {
        ...guard,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: trainingResponseSchema } },
      },
      async (req) => ok(await service.trainingStates(db, app_(req), req.params.botId)),
    );

    app.post(
      BOT_PATHS.training,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: trainingRequestSchema.optional(),
          response: { 200: trainingResponseSchema },
        },
      },
      async (req) => ok(await service.trainNow(db, app_(req), req.params.botId, req.body?.language)),
    );

    app.post(
      BOT_PATHS.thresholdPreview,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: thresholdPreviewRequestSchema,
          response: { 200: thresholdPreviewResponseSchema },
        },
      },
      async (req) => ok(await service.thresholdPreview(db, app_(req), req.params.botId, req.body.threshold)),
    );
  };
}
