import {
  channelWebhookResponseSchema,
  SLACK_PATHS,
  slackChannelsRequestSchema,
  slackChannelsResponseSchema,
} from '@convo/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../http/auth.js';
import { PUBLIC_ROUTE, type RouteContext } from '../../../http/route-context.js';
import { ChannelProviderError } from '../connector.js';
import { providerRefusal } from '../service.js';
import { receiveSlackEvents } from './events.js';
import { SlackWebApi } from './web-api.js';

// Slack's own routes: the Events API request URL (the hub's webhook URL for Slack, a static path
// that takes precedence over the channels' `:type` one) and, for the connect form, the channels a
// bot token can post in.

export const SLACK_WEBHOOK_PATH = '/api/channels/slack/:applicationId/webhook';

export function slackRoutes(
  ctx: Pick<RouteContext, 'config' | 'database' | 'realtime' | 'authenticate' | 'requirePrivilege'>,
): FastifyPluginAsyncZod {
  const deps = { db: ctx.database.db, appSecret: ctx.config.appSecret, realtime: ctx.realtime };
  const apiUrl = ctx.config.channelApiUrls.slack;
  return async (app) => {
    // In a scope of its own: Slack signs the exact bytes it sent, so JSON arrives there as text.
    const webhook: FastifyPluginAsyncZod = async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );

      hooks.post(
        SLACK_WEBHOOK_PATH,
        {
          config: PUBLIC_ROUTE,
          schema: {
            tags: ['channels'],
            params: z.object({ applicationId: z.string().trim().min(1).max(100) }),
            response: { 200: z.union([channelWebhookResponseSchema, z.object({ challenge: z.string() })]) },
          },
        },
        async (req) => {
          const rawBody = typeof req.body === 'string' ? req.body : '';
          const answer = await receiveSlackEvents(deps, req.params.applicationId, req.headers, rawBody);
          return 'challenge' in answer ? answer : { ok: true as const, stored: answer.queued };
        },
      );
    };
    await app.register(webhook);

    app.post(
      SLACK_PATHS.channels,
      {
        preHandler: [ctx.authenticate, ctx.requirePrivilege('integrations')],
        schema: {
          tags: ['integrations'],
          security: [{ bearer: [] }],
          body: slackChannelsRequestSchema,
          response: { 200: slackChannelsResponseSchema },
        },
      },
      async (req) => {
        requireAuth(req);
        const slack = new SlackWebApi(apiUrl, req.body.botToken);
        try {
          const me = await slack.authTest();
          const channels = await slack.listChannels();
          return {
            code: 'SUCCESS' as const,
            data: {
              team: me.team,
              channels: channels
                .map((c) => ({ id: c.id, name: c.name, isPrivate: c.is_private, isMember: c.is_member }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            },
          };
        } catch (err) {
          if (err instanceof ChannelProviderError) throw providerRefusal('slack', err);
          throw err;
        }
      },
    );
  };
}
