import {
  NOTIFICATION_PREFERENCES_PATH,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import { ANY_MEMBER, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API: the caller's own notification preferences (read by the inbox, saved from settings). */
export function notificationPreferenceRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      NOTIFICATION_PREFERENCES_PATH,
      {
        preHandler: ctx.authenticate,
        // Everyone's own preferences drive their notifications; saving them is the page's.
        config: ANY_MEMBER,
        schema: { tags, security, response: { 200: notificationPreferencesResponseSchema } },
      },
      async (req) => ok(await service.getPreferences(db, requireAuth(req))),
    );
    app.put(
      NOTIFICATION_PREFERENCES_PATH,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.notification-preferences')],
        schema: {
          tags,
          security,
          body: notificationPreferencesSchema,
          response: { 200: notificationPreferencesResponseSchema },
        },
      },
      async (req) => ok(await service.savePreferences(db, requireAuth(req), req.body)),
    );
  };
}
