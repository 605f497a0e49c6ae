import {
  messageResponseSchema,
  NOTIFICATION_SETTINGS_PATHS as P,
  pushPublicKeyResponseSchema,
  pushSubscriptionListResponseSchema,
  pushSubscriptionParamsSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushTestResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API for /settings/pushnotification: the caller's own browsers. */
export function pushNotificationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const subject = service.vapidSubject(ctx.config.publicUrl, ctx.config.mailFrom);
  return async (app) => {
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.pushnotification')] };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      P.pushPublicKey,
      { ...guard, schema: { tags, security, response: { 200: pushPublicKeyResponseSchema } } },
      async () => ok(await service.publicKey(db)),
    );
    app.get(
      P.pushSubscriptions,
      { ...guard, schema: { tags, security, response: { 200: pushSubscriptionListResponseSchema } } },
      async (req) => ok(await service.list(db, requireAuth(req))),
    );
    app.post(
      P.pushSubscriptions,
      {
        ...guard,
        schema: {
          tags,
          security,
          body: pushSubscriptionRequestSchema,
          response: { 200: pushSubscriptionResponseSchema },
        },
      },
      async (req) => ok(await service.subscribe(db, requireAuth(req), req.body)),
    );
    app.delete(
      P.pushSubscription,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: pushSubscriptionParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (req) => {
        await service.unsubscribe(db, requireAuth(req), req.params.id);
        return { code: 'SUCCESS' as const, message: 'Removed.' };
      },
    );
    app.post(
      P.pushTest,
      { ...guard, schema: { tags, security, response: { 200: pushTestResponseSchema } } },
      async (req) =>
        ok(
          await service.sendTest(db, requireAuth(req), subject, {
            title: 'Convo',
            body: 'Push notifications work in this browser.',
          }),
        ),
    );
  };
}
