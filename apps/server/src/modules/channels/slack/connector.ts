import { type SlackConnectRequest, slackConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import { openSealedJson } from '../../../platform/crypto.js';
import { type ChannelConnector, ChannelProviderError } from '../connector.js';
import { verifySlackSignature } from './signature.js';
import { SlackWebApi } from './web-api.js';

// Slack is the team's side, not a customer channel: every conversation of the application is
// mirrored into a thread of one Slack channel (mirror.ts) and the team may answer from the thread
// (events.ts). The connector is what the hub and both of those share: connect checks the bot
// token (auth.test), that the chosen channel is one the token sees (conversations.list) and joins
// a public one; verify is Slack's request signing. Slack's Events API URL is set by the admin in
// the Slack app's settings (Event Subscriptions), to the webhook URL the hub shows.

const configSchema = z.object({
  botToken: z.string().min(1),
  signingSecret: z.string().min(1),
  channelId: z.string().min(1),
  channelName: z.string(),
  teamName: z.string(),
  /** Our bot's Slack user: its own posts come back as events and are ignored. */
  botUserId: z.string(),
  botId: z.string().default(''),
});
export type SlackConfig = z.infer<typeof configSchema>;

export function slackConnector(apiUrl: string): ChannelConnector<SlackConfig, SlackConnectRequest> {
  const api = (token: string) => new SlackWebApi(apiUrl, token);
  return {
    kind: 'slack',
    configSchema,

    async connect(input) {
      const { botToken, signingSecret, channelId } = slackConnectRequestSchema.parse(input);
      const slack = api(botToken);
      const me = await slack.authTest();
      const channel = (await slack.listChannels()).find((c) => c.id === channelId);
      if (!channel)
        throw new ChannelProviderError(`the channel ${channelId} is not one this bot can see`, false);
      // A private channel cannot be joined: the bot must be invited (/invite @bot) first.
      if (!channel.is_member) {
        if (channel.is_private)
          throw new ChannelProviderError(`invite the bot to #${channel.name} first (/invite)`, false);
        await slack.join(channel.id);
      }
      return {
        config: {
          botToken,
          signingSecret,
          channelId,
          channelName: channel.name,
          teamName: me.team,
          botUserId: me.user_id,
          botId: me.bot_id ?? '',
        },
        displayName: me.team ? `#${channel.name} · ${me.team}` : `#${channel.name}`,
      };
    },

    // The Events API subscription lives in the admin's Slack app: nothing to undo at Slack
    // (revoking the token would break the admin's app for every other use).
    async disconnect() {},

    verify(headers, config, rawBody) {
      return verifySlackSignature(headers, config.signingSecret, rawBody);
    },

    // Slack brings no customers: its events are the team's replies, handled by events.ts.
    parseInbound() {
      return [];
    },

    /** Posts in the conversation's thread (`externalUserId` is the thread's ts). */
    async send(outbound, config) {
      const ts = await api(config.botToken).post(config.channelId, outbound.text, outbound.externalUserId);
      return { externalId: ts };
    },
  };
}

/** The Web API client of a connected account (the mirror and the events' thread notes). */
export const slackApiOf = (apiUrl: string, config: SlackConfig) => new SlackWebApi(apiUrl, config.botToken);

/** A connected account's configuration, opened and checked; null when it cannot be read (secret changed). */
export function openSlackConfig(appSecret: string, sealedConfig: string): SlackConfig | null {
  const parsed = configSchema.safeParse(openSealedJson(appSecret, sealedConfig));
  return parsed.success ? parsed.data : null;
}
