import {
  messageResponseSchema,
  SSO_PATHS as P,
  ssoSettingsRequestSchema,
  ssoSettingsResponseSchema,
  ssoStartQuerySchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { featureGuard } from '../billing/index.js';
import { isAllowedOrigin } from '../google-sign-in/index.js';
import * as service from './service.js';

/** /settings/sso (settings.sso: roles 0 and 1) and the public sign-in redirect and callback. */
export function ssoRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const config = ctx.config;
  return async (app) => {
    const tags = ['sso'];
    // The settings are gated by plan; signing in with an existing connection is not.
    const guard = {
      preHandler: [ctx.authenticate, ctx.requirePrivilege('settings.sso'), featureGuard(ctx.billing, 'sso')],
    };
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });
    const limited = { rateLimit: { max: config.rateLimit.loginMax, timeWindow: config.rateLimit.windowMs } };

    app.get(
      P.settings,
      { ...guard, schema: { tags, response: { 200: ssoSettingsResponseSchema } } },
      async (req) => ok(await service.readSettings(db, config, requireAuth(req))),
    );
    app.put(
      P.settings,
      {
        ...guard,
        schema: { tags, body: ssoSettingsRequestSchema, response: { 200: ssoSettingsResponseSchema } },
      },
      async (req) => ok(await service.saveSettings(db, config, requireAuth(req), req.body)),
    );
    app.delete(
      P.settings,
      { ...guard, schema: { tags, response: { 200: messageResponseSchema } } },
      async (req) => {
        await service.deleteSettings(db, requireAuth(req));
        return { code: 'SUCCESS' as const, message: 'SSO removed.' };
      },
    );

    // The browser comes here from /loginv2/sso with the work e-mail; errors go back to that page.
    app.get(
      P.start,
      { config: { ...PUBLIC_ROUTE, ...limited }, schema: { tags, querystring: ssoStartQuerySchema } },
      async (req, reply) => {
        if (!isAllowedOrigin(config, req.query.origin))
          throw new AppError(400, 'INVALID_PARAMETER', 'Unknown origin.');
        const back = new URL('/loginv2/sso', req.query.origin);
        try {
          const { url, cookie } = await service.start(db, config, req.query.email, req.query.origin);
          reply.header('set-cookie', service.nonceCookie(config, cookie));
          return reply.redirect(url);
        } catch (err) {
          if (!(err instanceof AppError)) req.log.error({ err }, 'sso start failed');
          back.searchParams.set('error', err instanceof AppError ? err.code : 'SSO_FAILED');
          return reply.redirect(back.toString());
        }
      },
    );

    app.get(
      P.callback,
      {
        config: { ...PUBLIC_ROUTE, ...limited },
        schema: {
          tags,
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(4096),
            error: z.string().max(200).optional(),
            iss: z.string().max(500).optional(),
          }),
        },
      },
      async (req, reply) => {
        const origin = service.stateOrigin(config, req.query.state);
        if (origin === null || !isAllowedOrigin(config, origin)) {
          throw new AppError(
            400,
            'SSO_STATE_INVALID',
            'The sign-in took too long or did not start here. Try again.',
          );
        }
        const back = new URL('/loginv2/sso', origin);
        const cookie = service.readNonceCookie(req.headers.cookie);
        reply.header('set-cookie', service.nonceCookie(config, null));
        try {
          const callbackUrl = new URL(req.url, config.publicUrl);
          back.searchParams.set(
            'ssoToken',
            await service.complete(ctx.accounts, config, callbackUrl, cookie),
          );
        } catch (err) {
          if (!(err instanceof AppError)) req.log.error({ err }, 'sso sign-in failed');
          back.searchParams.set('error', err instanceof AppError ? err.code : 'SSO_FAILED');
        }
        return reply.redirect(back.toString());
      },
    );
  };
}
