import {
  channelWebhookParamsSchema,
  channelWebhookResponseSchema,
  INTEGRATION_PATHS,
  integrationConnectRequestSchema,
  integrationDeleteResponseSchema,
  integrationListResponseSchema,
  integrationResponseSchema,
  integrationStatusParamsSchema,
  integrationTypeParamsSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { receiveWebhook } from './inbound.js';
import type { ChannelRegistry } from './registry.js';
import * as service from './service.js';

/**
 * Product API of the integrations hub (privilege `integrations`) and the channels' public
 * webhooks (each connector checks its provider's signature).
 */
export function channelRoutes(
  ctx: Pick<RouteContext, 'config' | 'database' | 'realtime' | 'authenticate' | 'requirePrivilege'>,
  options: { storage: FileStorage; connectors: ChannelRegistry },
): FastifyPluginAsyncZod {
  const deps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    publicUrl: ctx.config.publicUrl,
    connectors: options.connectors,
  };
  const inboundDeps = { ...deps, realtime: ctx.realtime, storage: options.storage };
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    const tags = ['integrations'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      INTEGRATION_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: integrationListResponseSchema } } },
      async (req) => ok(await service.listIntegrations(deps, requireAuth(req).applicationId)),
    );

    app.get(
      INTEGRATION_PATHS.detail,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(await service.integrationDetail(deps, requireAuth(req).applicationId, req.params.type)),
    );

    app.post(
      INTEGRATION_PATHS.connect,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          body: integrationConnectRequestSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(await service.connectIntegration(deps, requireAuth(req).applicationId, req.params.type, req.body)),
    );

    app.delete(
      INTEGRATION_PATHS.remove,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          response: { 200: integrationDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.disconnectIntegration(deps, requireAuth(req).applicationId, req.params.type);
        return { code: 'SUCCESS' as const, message: `${req.params.type} disconnected.` };
      },
    );

    app.patch(
      INTEGRATION_PATHS.status,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationStatusParamsSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(
          await service.setIntegrationEnabled(
            deps,
            requireAuth(req).applicationId,
            req.params.type,
            req.params.status === 'enable',
          ),
        ),
    );

    app.post(
      INTEGRATION_PATHS.webhook,
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['channels'],
          // Any string: an unknown channel answers 404, not 400.
          params: channelWebhookParamsSchema.extend({ type: z.string().trim().min(1).max(40) }),
          response: { 200: channelWebhookResponseSchema },
        },
      },
      async (req) => {
        const stored = await receiveWebhook(
          inboundDeps,
          req.params.type,
          req.params.applicationId,
          req.headers,
          req.body,
        );
        return { ok: true as const, stored };
      },
    );
  };
}
