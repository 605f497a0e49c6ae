import {
  MAIL_PREFERENCES_PATH,
  mailPreferencesQuerySchema,
  mailPreferencesResponseSchema,
  mailPreferencesUpdateSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import * as service from './service.js';

/** Product API, public: the signed link of a notification mail is the only credential. */
export function mailPreferenceRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const secret = ctx.config.appSecret;
  return async (app) => {
    const tags = ['settings'];
    const config = { ...PUBLIC_ROUTE, rateLimit: { max: 30, timeWindow: 60_000 } };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    app.get(
      MAIL_PREFERENCES_PATH,
      {
        config,
        schema: {
          tags,
          querystring: mailPreferencesQuerySchema,
          response: { 200: mailPreferencesResponseSchema },
        },
      },
      async (req) => ok(await service.readPreferences(db, secret, req.query.token)),
    );
    app.put(
      MAIL_PREFERENCES_PATH,
      {
        config,
        schema: { tags, body: mailPreferencesUpdateSchema, response: { 200: mailPreferencesResponseSchema } },
      },
      async (req) => ok(await service.savePreferences(db, secret, req.body.token, req.body.choices)),
    );
  };
}
