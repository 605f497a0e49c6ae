import {
  BOT_PATHS,
  botCreateSchema,
  botEngineUpdateSchema,
  botIdParamsSchema,
  botListResponseSchema,
  botResponseSchema,
  botStatusUpdateSchema,
  botUpdateSchema,
  firstResponderQuerySchema,
  firstResponderUpdateSchema,
  messageResponseSchema,
  STARTER_BOT_PATHS,
  starterBotCreateSchema,
  starterBotResponseSchema,
  suggestionIdParamsSchema,
  suggestionListQuerySchema,
  suggestionListResponseSchema,
  suggestionResponseSchema,
  suggestionWriteSchema,
} from '@convo/api';
import { type FeatureKey, LLM_BOT_ENGINES } from '@convo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { featureGuard } from '../billing/index.js';
import { botCredentialsRoutes } from './credentials/routes.js';
import * as service from './service.js';
import { createStarterBot } from './starter.js';

/** SPEC §6 `llmBots`: creating a bot on an LLM engine (a validated body; switching: the service). */
function llmEngineOf(body: unknown): FeatureKey[] {
  const engine = (body as { engine?: unknown } | undefined)?.engine;
  return typeof engine === 'string' && (LLM_BOT_ENGINES as readonly string[]).includes(engine)
    ? ['llmBots']
    : [];
}

export type BotRouteContext = Pick<
  RouteContext,
  'config' | 'database' | 'authenticate' | 'requirePrivilege' | 'requireAdmin' | 'billing'
>;

/** Product API of AI agents: bots, their engine and key, first responders, auto-suggest. */
export function botRoutes(ctx: BotRouteContext, storage: FileStorage): FastifyPluginAsyncZod {
  const deps: service.BotDeps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    storage,
    entitlements: ctx.billing,
  };
  return async (app) => {
    // An external engine's credentials and Google's authorization of a Dialogflow agent.
    await app.register(botCredentialsRoutes(ctx));
    // Reading needs the 'bots' privilege; the service lets only admins change anything.
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('bots')] };
    // Every change to a bot is an admin's (docs/decisions.md "AI agents: managing bots").
    const admin = { preHandler: [...guard.preHandler, ctx.requireAdmin] };
    const llmGate = featureGuard(ctx.billing, (req) => llmEngineOf(req.body));
    const tags = ['bots'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const done = (message: string) => ({ code: 'SUCCESS' as const, message });

    app.get(
      BOT_PATHS.bots,
      { ...guard, schema: { tags, security, response: { 200: botListResponseSchema } } },
      async (req) => ok(await service.listBots(deps, requireAuth(req))),
    );

    app.post(
      BOT_PATHS.bots,
      {
        preHandler: [...admin.preHandler, llmGate],
        schema: { tags, security, body: botCreateSchema, response: { 200: botResponseSchema } },
      },
      async (req) => ok(await service.createBot(deps, requireAuth(req), req.body)),
    );

    // The setup guide's one-click bot: a kompose bot, so no LLM gate.
    app.post(
      STARTER_BOT_PATHS.starterBot,
      {
        ...admin,
        schema: { tags, security, body: starterBotCreateSchema, response: { 200: starterBotResponseSchema } },
      },
      async (req) => ok(await createStarterBot(deps, requireAuth(req), req.body)),
    );

    app.put(
      BOT_PATHS.firstResponder,
      {
        ...admin,
        schema: {
          tags,
          security,
          body: firstResponderUpdateSchema,
          response: { 200: botListResponseSchema },
        },
      },
      async (req) => ok(await service.setFirstResponder(deps, requireAuth(req), req.body)),
    );

    app.delete(
      BOT_PATHS.firstResponder,
      {
        ...admin,
        schema: {
          tags,
          security,
          querystring: firstResponderQuerySchema,
          response: { 200: botListResponseSchema },
        },
      },
      async (req) => ok(await service.clearFirstResponder(deps, requireAuth(req), req.query.teamId)),
    );

    app.get(
      BOT_PATHS.suggestions,
      {
        ...guard,
        schema: {
          tags,
          security,
          querystring: suggestionListQuerySchema,
          response: { 200: suggestionListResponseSchema },
        },
      },
      async (req) => ok(await service.listSuggestions(deps, requireAuth(req), req.query.botId)),
    );

    app.post(
      BOT_PATHS.suggestions,
      {
        ...admin,
        schema: { tags, security, body: suggestionWriteSchema, response: { 200: suggestionResponseSchema } },
      },
      async (req) => ok(await service.createSuggestion(deps, requireAuth(req), req.body)),
    );

    app.put(
      BOT_PATHS.suggestion,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: suggestionIdParamsSchema,
          body: suggestionWriteSchema,
          response: { 200: suggestionResponseSchema },
        },
      },
      async (req) =>
        ok(await service.updateSuggestion(deps, requireAuth(req), req.params.suggestionId, req.body)),
    );

    app.delete(
      BOT_PATHS.suggestion,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: suggestionIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (req) => {
        await service.deleteSuggestion(deps, requireAuth(req), req.params.suggestionId);
        return done('Suggestion deleted');
      },
    );

    app.get(
      BOT_PATHS.bot,
      {
        ...guard,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: botResponseSchema } },
      },
      async (req) => ok(await service.getBot(deps, requireAuth(req), req.params.botId)),
    );

    app.patch(
      BOT_PATHS.bot,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: botUpdateSchema,
          response: { 200: botResponseSchema },
        },
      },
      async (req) => ok(await service.updateBot(deps, requireAuth(req), req.params.botId, req.body)),
    );

    app.delete(
      BOT_PATHS.bot,
      {
        ...admin,
        schema: { tags, security, params: botIdParamsSchema, response: { 200: messageResponseSchema } },
      },
      async (req) => {
        await service.deleteBot(deps, requireAuth(req), req.params.botId);
        return done('Bot deleted');
      },
    );

    app.put(
      BOT_PATHS.botStatus,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: botStatusUpdateSchema,
          response: { 200: botResponseSchema },
        },
      },
      async (req) =>
        ok(await service.setBotStatus(deps, requireAuth(req), req.params.botId, req.body.enabled)),
    );

    app.put(
      BOT_PATHS.botEngine,
      {
        ...admin,
        schema: {
          tags,
          security,
          params: botIdParamsSchema,
          body: botEngineUpdateSchema,
          response: { 200: botResponseSchema },
        },
      },
      async (req) => ok(await service.updateEngine(deps, requireAuth(req), req.params.botId, req.body)),
    );
  };
}
