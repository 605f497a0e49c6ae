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
import { AppError } from '../../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../../http/route-context.js';
import { type InboundDeps, receiveWebhook } from '../inbound.js';
import { metaChallenge, verifyMetaSignature } from '../meta-graph/webhook.js';
import * as repo from '../repository.js';
import * as meta from './service.js';

/**
 * Facebook Login for Messenger and Instagram (privilege `integrations`), its public callback, and
 * the Meta app's one webhook, which hands each page's (or Instagram account's) events to the
 * applications that connected it.
 */
export function metaOAuthRoutes(
  ctx: Pick<RouteContext, 'config' | 'authenticate' | 'requirePrivilege'>,
  deps: meta.MetaOAuthDeps,
  inboundDeps: InboundDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
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
        ...guard,
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
        ...guard,
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
          const token = deps.metaApp?.verifyToken;
          const answer = token ? metaChallenge(req.query, token) : null;
          if (answer === null)
            throw new AppError(
              403,
              'INVALID_VERIFY_TOKEN',
              'The verify token is not this server’s META_VERIFY_TOKEN.',
            );
          return reply.type('text/plain; charset=utf-8').send(answer);
        },
      );
      hooks.post(
        META_OAUTH_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], response: { 200: channelWebhookResponseSchema } },
        },
        async (req) => {
          if (!deps.metaApp) throw meta.notConfigured();
          const rawBody = typeof req.body === 'string' ? req.body : '';
          if (!verifyMetaSignature(req.headers, deps.metaApp.appSecret, rawBody))
            throw new AppError(
              401,
              'INVALID_SIGNATURE',
              'The delivery is not signed with the Meta app’s secret.',
            );
          return { ok: true as const, stored: await dispatch(inboundDeps, req.headers, rawBody) };
        },
      );
    };
    await app.register(webhook);
  };
}

const deliverySchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string() }).passthrough()).default([]),
});
const KIND_OF_OBJECT: Readonly<Record<string, 'facebook' | 'instagram'>> = {
  page: 'facebook',
  instagram: 'instagram',
};

/**
 * Each application that connected one of the delivery's pages gets it through its own channel's
 * pipeline (which keeps that account's events only and checks the signature with its config).
 */
async function dispatch(
  deps: InboundDeps,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
): Promise<number> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return 0;
  }
  const delivery = deliverySchema.safeParse(body);
  const kind = delivery.success ? KIND_OF_OBJECT[delivery.data.object] : undefined;
  if (!delivery.success || !kind) return 0;
  const ids = [...new Set(delivery.data.entry.map((e) => e.id))];
  let stored = 0;
  for (const applicationId of await repo.applicationsWithExternalIds(deps.db, kind, ids)) {
    try {
      stored += await receiveWebhook(deps, kind, applicationId, headers, body, rawBody);
    } catch (err) {
      // An account connected with another app's secret (pasted) has its own webhook URL.
      if (!(err instanceof AppError && (err.statusCode === 401 || err.statusCode === 404))) throw err;
    }
  }
  return stored;
}
