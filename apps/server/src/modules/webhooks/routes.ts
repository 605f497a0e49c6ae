import {
  WEBHOOK_PATHS,
  webhookCreateRequestSchema,
  webhookDeleteResponseSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookSecurityResponseSchema,
  webhookSecurityUpdateSchema,
  webhookUpdateRequestSchema,
  webhookWithSecretResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

export type WebhookRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'billing' | 'config'
>;

/** Product API: Settings → Webhooks & Security (privilege settings.webhooks). */
export function webhookRoutes(ctx: WebhookRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  // Seals the stored secrets and header values (and opens them for the hints shown).
  const key = ctx.config.appSecret;
  return async (app) => {
    const guard = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.webhooks'),
        featureGuard(ctx.billing, 'webhooks'),
      ],
    };
    // The webhooks-security page's own privilege (SPEC §6 path map: /settings/webhooks-security).
    const securityGuard = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.security'),
        featureGuard(ctx.billing, 'webhooks'),
      ],
    };
    const tags = ['webhooks'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      WEBHOOK_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: webhookListResponseSchema } } },
      async (req) => ok(await service.listWebhooks(db, key, requireAuth(req).applicationId)),
    );

    app.post(
      WEBHOOK_PATHS.create,
      {
        ...guard,
        schema: {
          tags,
          security,
          body: webhookCreateRequestSchema,
          response: { 200: webhookWithSecretResponseSchema },
        },
      },
      async (req) => ok(await service.createWebhook(db, key, requireAuth(req).applicationId, req.body)),
    );

    app.patch(
      WEBHOOK_PATHS.update,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          body: webhookUpdateRequestSchema,
          response: { 200: webhookResponseSchema },
        },
      },
      async (req) =>
        ok(await service.updateWebhook(db, key, requireAuth(req).applicationId, req.params.id, req.body)),
    );

    app.post(
      WEBHOOK_PATHS.rotateSecret,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          response: { 200: webhookWithSecretResponseSchema },
        },
      },
      async (req) => ok(await service.rotateSecret(db, key, requireAuth(req).applicationId, req.params.id)),
    );

    app.delete(
      WEBHOOK_PATHS.remove,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          response: { 200: webhookDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.deleteWebhook(db, requireAuth(req).applicationId, req.params.id);
        return { code: 'SUCCESS' as const, message: 'Webhook deleted' };
      },
    );

    // Settings → Webhooks security.
    app.get(
      WEBHOOK_PATHS.security,
      { ...securityGuard, schema: { tags, security, response: { 200: webhookSecurityResponseSchema } } },
      async (req) => ok(await service.getSecurity(db, key, requireAuth(req).applicationId)),
    );

    app.put(
      WEBHOOK_PATHS.security,
      {
        ...securityGuard,
        schema: {
          tags,
          security,
          body: webhookSecurityUpdateSchema,
          response: { 200: webhookSecurityResponseSchema },
        },
      },
      async (req) => ok(await service.updateSecurity(db, key, requireAuth(req).applicationId, req.body)),
    );

    app.get(
      WEBHOOK_PATHS.deliveries,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: webhookIdParamsSchema,
          querystring: webhookDeliveriesQuerySchema,
          response: { 200: webhookDeliveriesResponseSchema },
        },
      },
      async (req) =>
        ok(await service.listDeliveries(db, requireAuth(req).applicationId, req.params.id, req.query.limit)),
    );
  };
}
