import {
  emailNotificationsResponseSchema,
  emailNotificationsSchema,
  NOTIFICATION_SETTINGS_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: the caller's own e-mail notification choices. */
export function emailNotificationRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.email-notifications')] };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      P.email,
      { ...guard, schema: { tags, security, response: { 200: emailNotificationsResponseSchema } } },
      async (req) => ok(await service.getOwn(db, requireAuth(req))),
    );
    app.put(
      P.email,
      {
        ...guard,
        schema: {
          tags,
          security,
          body: emailNotificationsSchema,
          response: { 200: emailNotificationsResponseSchema },
        },
      },
      async (req) => ok(await service.saveOwn(db, requireAuth(req), req.body)),
    );
  };
}
