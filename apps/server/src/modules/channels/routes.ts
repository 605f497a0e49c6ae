import {
  channelWebhookParamsSchema,
  channelWebhookResponseSchema,
  EMAIL_ORIGINAL_PATHS,
  emailOriginalParamsSchema,
  emailOriginalResponseSchema,
  INTEGRATION_FEATURE,
  INTEGRATION_PATHS,
  type IntegrationType,
  integrationConnectRequestSchema,
  integrationDeleteResponseSchema,
  integrationListResponseSchema,
  integrationResponseSchema,
  integrationStatusParamsSchema,
  integrationTypeParamsSchema,
  WHATSAPP_TEMPLATE_PATHS,
  whatsAppTemplateListResponseSchema,
  whatsAppTemplateParamsSchema,
  whatsAppTemplateSendRequestSchema,
  whatsAppTemplateSendResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../http/route-context.js';
import { markAuthorization } from '../../http/security-route-table.js';
import type { FileStorage } from '../../platform/storage/storage.js';
import { contentDisposition, findAttachment } from '../attachments/index.js';
import { featureGuard } from '../billing/index.js';
import { openOriginal, parseOriginal } from './email/original.js';
import { answerChallenge, receiveWebhook } from './inbound.js';
import { CHANNEL_MEDIA_PATH, verifyChannelMediaLink } from './media-link.js';
import { metaOAuthRoutes } from './meta-oauth/routes.js';
import type { ChannelRegistry } from './registry.js';
import * as service from './service.js';
import { slackRoutes } from './slack/routes.js';
import { listWhatsAppTemplates, sendWhatsAppTemplate } from './whatsapp/templates.js';

/**
 * Product API of the integrations hub (privilege `integrations`) and the channels' public
 * webhooks (each connector checks its provider's signature).
 */
export function channelRoutes(
  ctx: Pick<
    RouteContext,
    'config' | 'database' | 'realtime' | 'authenticate' | 'requirePrivilege' | 'billing'
  >,
  options: { storage: FileStorage; connectors: ChannelRegistry },
): FastifyPluginAsyncZod {
  const deps = {
    db: ctx.database.db,
    appSecret: ctx.config.appSecret,
    publicUrl: ctx.config.publicUrl,
    connectors: options.connectors,
    inboundMailDomain: ctx.config.smtpReceiver?.domain ?? null,
  };
  const inboundDeps = { ...deps, realtime: ctx.realtime, storage: options.storage };
  return async (app) => {
    const guard = { preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')] };
    // SPEC §6: connecting or enabling a channel needs its plan feature; disabling or removing never.
    // From the raw path (before validation, like the privilege): an unknown type is the schema's 400.
    const planOpensType = markAuthorization(
      featureGuard(ctx.billing, (req) => {
        const { type, status } = req.params as { type?: string; status?: string };
        if (status === 'disable' || type === undefined || !Object.hasOwn(INTEGRATION_FEATURE, type))
          return [];
        return [INTEGRATION_FEATURE[type as IntegrationType]];
      }),
    );
    const connect = { preHandler: [...guard.preHandler, planOpensType] };
    const tags = ['integrations'];
    const security = [{ bearer: [] }];
    const ok = <T>(data: T) => ({ code: 'SUCCESS' as const, data });

    app.get(
      INTEGRATION_PATHS.list,
      { ...guard, schema: { tags, security, response: { 200: integrationListResponseSchema } } },
      async (req) => ok(await service.listIntegrations(deps, requireAuth(req).applicationId)),
    );

    app.get(
      INTEGRATION_PATHS.detail,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(await service.integrationDetail(deps, requireAuth(req).applicationId, req.params.type)),
    );

    app.post(
      INTEGRATION_PATHS.connect,
      {
        ...connect,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          body: integrationConnectRequestSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(await service.connectIntegration(deps, requireAuth(req).applicationId, req.params.type, req.body)),
    );

    app.delete(
      INTEGRATION_PATHS.remove,
      {
        ...guard,
        schema: {
          tags,
          security,
          params: integrationTypeParamsSchema,
          response: { 200: integrationDeleteResponseSchema },
        },
      },
      async (req) => {
        await service.disconnectIntegration(deps, requireAuth(req).applicationId, req.params.type);
        return { code: 'SUCCESS' as const, message: `${req.params.type} disconnected.` };
      },
    );

    // Agents read and send templates from the inbox: the conversations privilege, not integrations.
    const agent = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    app.get(
      WHATSAPP_TEMPLATE_PATHS.list,
      {
        ...agent,
        schema: {
          tags,
          security,
          params: whatsAppTemplateParamsSchema,
          response: { 200: whatsAppTemplateListResponseSchema },
        },
      },
      async (req) => ok(await listWhatsAppTemplates(deps, requireAuth(req).applicationId, req.params.type)),
    );

    app.post(
      WHATSAPP_TEMPLATE_PATHS.send,
      {
        ...agent,
        schema: {
          tags,
          security,
          body: whatsAppTemplateSendRequestSchema,
          response: { 200: whatsAppTemplateSendResponseSchema },
        },
      },
      async (req) =>
        ok(await sendWhatsAppTemplate({ ...deps, realtime: ctx.realtime }, requireAuth(req), req.body)),
    );

    app.patch(
      INTEGRATION_PATHS.status,
      {
        ...connect,
        schema: {
          tags,
          security,
          params: integrationStatusParamsSchema,
          response: { 200: integrationResponseSchema },
        },
      },
      async (req) =>
        ok(
          await service.setIntegrationEnabled(
            deps,
            requireAuth(req).applicationId,
            req.params.type,
            req.params.status === 'enable',
          ),
        ),
    );

    // SPEC §7 .eml: the original of a received e-mail, for members who can see the conversation.
    const member = { preHandler: [ctx.authenticate, ctx.requirePrivilege('conversations')] };
    app.get(
      EMAIL_ORIGINAL_PATHS.raw,
      { ...member, schema: { tags: ['conversations'], security, params: emailOriginalParamsSchema } },
      async (req, reply) => {
        const { groupId, messageId } = req.params;
        const original = await openOriginal(
          { db: deps.db, storage: options.storage },
          requireAuth(req),
          groupId,
          messageId,
        );
        reply
          .header('content-type', 'message/rfc822')
          .header('content-disposition', `attachment; filename="message-${messageId}.eml"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (original.size > 0) reply.header('content-length', original.size);
        return reply.send(original.stream);
      },
    );
    app.get(
      EMAIL_ORIGINAL_PATHS.parsed,
      {
        ...member,
        schema: {
          tags: ['conversations'],
          security,
          params: emailOriginalParamsSchema,
          response: { 200: emailOriginalResponseSchema },
        },
      },
      async (req) =>
        ok(
          await parseOriginal(
            { db: deps.db, storage: options.storage },
            requireAuth(req),
            req.params.groupId,
            req.params.messageId,
          ),
        ),
    );

    // A reply's file, for a provider that fetches it by URL (LINE, Viber): the signed link is the credential.
    app.get(
      CHANNEL_MEDIA_PATH,
      {
        config: PUBLIC_ROUTE,
        schema: {
          tags: ['channels'],
          params: z.object({ applicationId: z.string().min(1).max(100), key: z.string().uuid() }),
          querystring: z.object({
            expires: z.coerce.number().int(),
            signature: z.string().min(1).max(100),
          }),
        },
      },
      async (req, reply) => {
        const { applicationId, key } = req.params;
        const gone = () => notFound('No such file, or the link has expired.');
        if (!verifyChannelMediaLink(ctx.config.appSecret, { applicationId, key, ...req.query })) throw gone();
        const row = await findAttachment(deps.db, applicationId, key.toLowerCase());
        const object = row ? await options.storage.get(row.storageKey) : null;
        if (!row || !object) throw gone();
        reply
          .header('content-type', row.contentType)
          .header('content-disposition', contentDisposition(row.name, row.contentType))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox");
        if (object.size > 0) reply.header('content-length', object.size);
        return reply.send(object.stream);
      },
    );

    // The providers' webhooks, in a scope of their own: signatures cover the exact bytes the
    // provider sent (LINE, Viber, Meta), so JSON arrives here as text and is parsed after the bytes are kept.
    const webhooks: FastifyPluginAsyncZod = async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      // Twilio posts form-encoded parameters, signed as sent.
      hooks.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, body),
      );
      // Any string: an unknown channel answers 404, not 400.
      const params = z.object({
        ...channelWebhookParamsSchema.shape,
        type: z.string().trim().min(1).max(40),
      });

      hooks.post(
        INTEGRATION_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: {
            tags: ['channels'],
            params,
            // A string: the provider's own answer (Twilio's empty TwiML), sent as is.
            response: { 200: z.union([channelWebhookResponseSchema, z.string()]) },
          },
        },
        async (req, reply) => {
          const rawBody = typeof req.body === 'string' ? req.body : '';
          const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
          const { stored, reply: own } = await receiveWebhook(
            inboundDeps,
            req.params.type,
            req.params.applicationId,
            req.headers,
            isForm ? Object.fromEntries(new URLSearchParams(rawBody)) : parseJson(rawBody),
            rawBody,
          );
          if (own) return reply.type(own.contentType).send(own.body);
          return { ok: true as const, stored };
        },
      );

      // Meta's verification of a webhook URL: echo hub.challenge when hub.verify_token is ours.
      hooks.get(
        INTEGRATION_PATHS.webhook,
        {
          config: PUBLIC_ROUTE,
          schema: { tags: ['channels'], params, querystring: z.record(z.string(), z.unknown()) },
        },
        async (req, reply) => {
          const challenge = await answerChallenge(
            inboundDeps,
            req.params.type,
            req.params.applicationId,
            req.query,
          );
          return reply.type('text/plain; charset=utf-8').send(challenge);
        },
      );
    };
    await app.register(webhooks);

    await app.register(
      metaOAuthRoutes(
        ctx,
        { ...deps, metaApp: ctx.config.metaApp, graphUrl: ctx.config.channelApiUrls.metaGraph },
        inboundDeps,
      ),
    );
    // Slack's Events API and channel list (its own scope: it parses its JSON as text itself).
    await app.register(slackRoutes(ctx));
  };
}

/** A delivery's JSON; anything else is no update (the connector finds nothing in it). */
function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
