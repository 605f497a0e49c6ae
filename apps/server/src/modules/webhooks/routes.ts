import {
  WEBHOOK_PATHS,
  webhookCreateRequestSchema,
  webhookDeleteResponseSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookUpdateRequestSchema,
  webhookWithSecretResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/gate.js';
import * as service from './service.js';

export type WebhookRouteContext = Pick<
  RouteContext,
  'database' | 'authenticate' | 'requirePrivilege' | 'billing'
>;

/** Product API: Settings → Webhooks & Security (privilege settings.webhooks). */
export function webhookRoutes(ctx: WebhookRouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const guard = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.webhooks'),
        featureGuard(ctx.billing, 'webhooks'),
      ],
    };
    const tags = ['webhooks'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      WEBHOOK_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: webhookListResponseSchema } } },
      async (req) => ok(await service.listWebhooks(db, requireAuth(req).applicationId)),
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
      async (req) => ok(await service.createWebhook(db, requireAuth(req).applicationId, req.body)),
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
        ok(await service.updateWebhook(db, requireAuth(req).applicationId, req.params.id, req.body)),
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
      async (req) => ok(await service.rotateSecret(db, requireAuth(req).applicationId, req.params.id)),
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
