import { ACCOUNT_PATHS } from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { randomToken } from '../../platform/crypto.js';
import * as google from './service.js';

/** Present only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; the dashboard hides the button otherwise. */
export function googleSignInRoutes(ctx: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ACCOUNT_PATHS.googleStart,
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['accounts'],
          querystring: z.object({
            product: z.string().max(32).default('classic'),
            origin: z.string().max(300),
          }),
        },
      },
      async (req, reply) => {
        const cfg = ctx.config.google;
        if (!cfg) throw notFound('Google sign-in is not configured.');
        if (!google.isAllowedOrigin(ctx.config, req.query.origin)) {
          throw new AppError(400, 'INVALID_PARAMETER', 'Unknown origin.');
        }
        const nonce = randomToken(16);
        reply.header('set-cookie', google.nonceCookie(ctx.config, nonce));
        return reply.redirect(
          google.authorizationUrl(ctx.config, cfg, req.query.product, req.query.origin, nonce),
        );
      },
    );

    app.get(
      ACCOUNT_PATHS.googleCallback,
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['accounts'],
          querystring: z.object({
            code: z.string().max(2048).optional(),
            state: z.string().max(4096),
            error: z.string().max(200).optional(),
          }),
        },
      },
      async (req, reply) => {
        const cfg = ctx.config.google;
        if (!cfg) throw notFound('Google sign-in is not configured.');
        const state = google.readState(
          ctx.config,
          req.query.state,
          google.readNonceCookie(req.headers.cookie),
        );
        reply.header('set-cookie', google.nonceCookie(ctx.config, null));
        const back = new URL('/loginv2', state.origin);
        try {
          if (!req.query.code) throw new AppError(400, 'GOOGLE_CANCELLED', 'Google sign-in was cancelled.');
          back.searchParams.set(
            'googleToken',
            await google.completeSignIn(ctx.accounts, cfg, req.query.code),
          );
        } catch (err) {
          if (!(err instanceof AppError)) req.log.error({ err }, 'google sign-in failed');
          back.searchParams.set('error', err instanceof AppError ? err.code : 'GOOGLE_ERROR');
        }
        return reply.redirect(back.toString());
      },
    );
  };
}
