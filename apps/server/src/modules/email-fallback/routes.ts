import {
  emailFallbackResponseSchema,
  emailFallbackSettingsSchema,
  EMAIL_FALLBACK_PATHS as P,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/auth.js';
import type { RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import * as service from './service.js';

/** Product API of /settings/email-fallback (privilege settings.email-fallback, plan feature emailFallback). */
export function emailFallbackRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  return async (app) => {
    const tags = ['settings'];
    const security = [{ bearer: [] }];
    const guard = {
      preHandler: [
        ctx.authenticate,
        ctx.requirePrivilege('settings.email-fallback'),
        featureGuard(ctx.billing, 'emailFallback'),
      ],
    };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      P.settings,
      { ...guard, schema: { tags, security, response: { 200: emailFallbackResponseSchema } } },
      async (req) => ok(await service.getSettings(db, requireAuth(req).applicationId)),
    );
    app.put(
      P.settings,
      {
        ...guard,
        schema: {
          tags,
          security,
          body: emailFallbackSettingsSchema,
          response: { 200: emailFallbackResponseSchema },
        },
      },
      async (req) => ok(await service.saveSettings(db, requireAuth(req).applicationId, req.body)),
    );
  };
}
