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
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplateListResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { answerChallenge, receiveWebhook } from './inbound.js';
import type { ChannelRegistry } from './registry.js';
import * as service from './service.js';
import { listWhatsAppTemplates } from './whatsapp-cloud/templates.js';

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

    app.get(
      WHATSAPP_TEMPLATE_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: whatsAppTemplateListResponseSchema } } },
      async (req) => ok(await listWhatsAppTemplates(deps, requireAuth(req).applicationId)),
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

    // The providers' webhooks, in a scope of their own: signatures cover the exact bytes the
    // provider sent, so JSON arrives here as text and is parsed after the bytes are kept.
    const webhooks: FastifyPluginAsyncZod = async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      // Any string: an unknown channel answers 404, not 400.
      const params = channelWebhookParamsSchema.extend({ type: z.string().trim().min(1).max(40) });

      hooks.post(
        INTEGRATION_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], params, response: { 200: channelWebhookResponseSchema } },
        },
        async (req) => {
          const rawBody = typeof req.body === 'string' ? req.body : '';
          let body: unknown = req.body;
          if (typeof req.body === 'string') {
            try {
              body = JSON.parse(req.body);
            } catch {
              body = undefined; // signed but not JSON: nothing in it is stored
            }
          }
          const stored = await receiveWebhook(
            inboundDeps,
            req.params.type,
            req.params.applicationId,
            req.headers,
            body,
            rawBody,
          );
          return { ok: true as const, stored };
        },
      );

      // Meta's verification of a webhook URL: echo hub.challenge when hub.verify_token is ours.
      hooks.get(
        INTEGRATION_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], params, querystring: z.record(z.string(), z.unknown()) },
        },
        async (req, reply) => {
          const challenge = await answerChallenge(
            inboundDeps,
            req.params.type,
            req.params.applicationId,
            req.query,
          );
          return reply.type('text/plain; charset=utf-8').send(challenge);
        },
      );
    };
    await app.register(webhooks);
  };
}
