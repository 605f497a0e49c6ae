import {
  channelWebhookResponseSchema,
  integrationResponseSchema,
  META_OAUTH_PATHS,
  metaOAuthCallbackQuerySchema,
  metaOAuthConfigResponseSchema,
  metaOAuthPendingParamsSchema,
  metaOAuthPendingResponseSchema,
  metaOAuthSelectRequestSchema,
  metaOAuthStartResponseSchema,
  metaOAuthTypeParamsSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../../http/route-context.js';
import { featureGuard } from '../../billing/index.js';
import type { InboundDeps } from '../inbound.js';
import * as meta from './service.js';

/**
 * Facebook Login for Messenger and Instagram (privilege `integrations`), its public callback, and
 * the Meta app's one webhook, which hands each page's (or Instagram account's) events to the
 * applications that connected it.
 */
export function metaOAuthRoutes(
  ctx: Pick<RouteContext, 'config' | 'authenticate' | 'requirePrivilege' | 'billing'>,
  deps: meta.MetaOAuthDeps,
  inboundDeps: InboundDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    // Facebook and Instagram are the SPEC §6 socialChannels: starting and finishing a login need it.
    const connect = { preHandler: [...guard.preHandler, featureGuard(ctx.billing, 'socialChannels')] };
    const tags = ['integrations'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      META_OAUTH_PATHS.config,
      { ...guard, schema: { tags, security, response: { 200: metaOAuthConfigResponseSchema } } },
      async () => ok({ configured: deps.metaApp !== null }),
    );

    app.post(
      META_OAUTH_PATHS.start,
      {
        ...connect,
        schema: {
          tags,
          security,
          params: metaOAuthTypeParamsSchema,
          response: { 200: metaOAuthStartResponseSchema },
        },
      },
      async (req, reply) => {
        const { url, nonce } = meta.startLogin(deps, requireAuth(req), req.params.type);
        reply.header('set-cookie', meta.nonceCookie(deps.publicUrl, nonce));
        return ok({ url });
      },
    );

    app.get(
      META_OAUTH_PATHS.callback,
      { config: PUBLIC_ROUTE, schema: { tags: ['channels'], querystring: metaOAuthCallbackQuerySchema } },
      async (req, reply) => {
        const next = await meta.completeLogin(deps, req.query, meta.readNonceCookie(req.headers.cookie));
        reply.header('set-cookie', meta.nonceCookie(deps.publicUrl, null));
        return reply.redirect(next);
      },
    );

    app.get(
      META_OAUTH_PATHS.pending,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: metaOAuthPendingParamsSchema,
          response: { 200: metaOAuthPendingResponseSchema },
        },
      },
      async (req) => ok(await meta.pendingOf(deps, requireAuth(req), req.params.id)),
    );

    app.post(
      META_OAUTH_PATHS.select,
      {
        ...connect,
        schema: {
          tags,
          security,
          params: metaOAuthPendingParamsSchema,
          body: metaOAuthSelectRequestSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) => ok(await meta.selectAccount(deps, requireAuth(req), req.params.id, req.body.accountId)),
    );

    // The app's webhook keeps the raw body: X-Hub-Signature-256 covers the bytes Meta sent.
    const webhook: FastifyPluginAsyncZod = async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      hooks.get(
        META_OAUTH_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], querystring: z.record(z.string(), z.unknown()) },
        },
        async (req, reply) => {
          return reply.type('text/plain; charset=utf-8').send(meta.answerAppChallenge(deps, req.query));
        },
      );
      hooks.post(
        META_OAUTH_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], response: { 200: channelWebhookResponseSchema } },
        },
        async (req) => {
          const rawBody = typeof req.body === 'string' ? req.body : '';
          return {
            ok: true as const,
            stored: await meta.receiveAppDelivery(deps, inboundDeps, req.headers, rawBody),
          };
        },
      );
    };
    await app.register(webhook);
  };
}
