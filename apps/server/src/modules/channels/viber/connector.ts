import { createHmac } from 'node:crypto';
import { type ViberConnectRequest, viberConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import { safeEqual } from '../../../platform/crypto.js';
import type { ChannelConnector, InboundMessage, OutboundMessage } from '../connector.js';
import { ViberBotApi } from './bot-api.js';

// Viber through a bot: the admin gives the bot's token, get_account_info checks it and
// set_webhook points the bot at us (Viber posts a `webhook` event to the URL while it is set).
// Viber signs every callback: `X-Viber-Content-Signature` is the hex HMAC-SHA256 of the raw body
// with the bot's token.

export const VIBER_SIGNATURE_HEADER = 'x-viber-content-signature';

/** SPEC §3 Viber message editor types: 1 text, 2 rich. */
export const VIBER_EDITOR_TYPE = { text: 1, rich: 2 } as const;

const configSchema = z.object({
  authToken: z.string().min(1),
  accountId: z.string(),
  accountName: z.string(),
});
export type ViberConfig = z.infer<typeof configSchema>;

const accountInfoSchema = z.object({ id: z.string(), name: z.string(), uri: z.string().optional() });
const sentSchema = z.object({ message_token: z.union([z.number(), z.string()]) });

/** The part of a callback we read; other events (delivered, seen, subscribed…) are ignored. */
const callbackSchema = z.object({
  event: z.string(),
  timestamp: z.number().optional(),
  message_token: z.union([z.number(), z.string()]).optional(),
  sender: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  message: z
    .object({
      type: z.string(),
      text: z.string().optional(),
      media: z.string().optional(),
      file_name: z.string().optional(),
    })
    .optional(),
});

/**
 * The SPEC §3 msgPxyPayload of a reply, in Viber's send_message shape: text is editorType 1
 * (`text`), an image a `picture` with the text as its description; any other file goes as a
 * `file` message.
 */
export function msgPxyPayload(outbound: OutboundMessage, senderName: string): Record<string, unknown> {
  const base = {
    receiver: outbound.externalUserId,
    min_api_version: 1,
    // Viber limits the sender's name to 28 characters.
    sender: { name: senderName.slice(0, 28) },
  };
  const file = outbound.file;
  if (file?.url && file.contentType.startsWith('image/'))
    return { ...base, type: 'picture', text: outbound.text.slice(0, 512), media: file.url };
  if (file?.url)
    return { ...base, type: 'file', media: file.url, size: file.bytes.byteLength, file_name: file.name };
  return { ...base, type: 'text', text: outbound.text.slice(0, 7000) };
}

export function viberConnector(baseUrl: string): ChannelConnector<ViberConfig, ViberConnectRequest> {
  const api = (token: string) => new ViberBotApi(baseUrl, token);
  return {
    kind: 'viber',
    configSchema,

    async connect(input, webhook) {
      const { authToken } = viberConnectRequestSchema.parse(input);
      const bot = api(authToken);
      const account = await bot.call('get_account_info', {}, accountInfoSchema);
      await bot.call(
        'set_webhook',
        { url: webhook.url, event_types: ['delivered', 'failed', 'conversation_started'], send_name: true },
        z.unknown(),
      );
      return {
        config: { authToken, accountId: account.id, accountName: account.name },
        displayName: account.uri ? `${account.name} (${account.uri})` : account.name,
      };
    },

    async disconnect(config) {
      // An empty URL removes the webhook.
      await api(config.authToken).call('set_webhook', { url: '' }, z.unknown());
    },

    isHandshake(body) {
      const parsed = callbackSchema.safeParse(body);
      return parsed.success && parsed.data.event === 'webhook';
    },

    verify(headers, config, rawBody) {
      const given = headers[VIBER_SIGNATURE_HEADER];
      if (typeof given !== 'string' || given === '') return false;
      const expected = createHmac('sha256', config.authToken).update(rawBody).digest('hex');
      return safeEqual(given.toLowerCase(), expected);
    },

    parseInbound(body, config) {
      const parsed = callbackSchema.safeParse(body);
      if (!parsed.success) return [];
      const { event, sender, message, message_token: token, timestamp } = parsed.data;
      if (event !== 'message' || !sender || !message || token === undefined) return [];
      if (message.type !== 'text' && message.type !== 'picture') return [];
      const text = message.text ?? '';
      if (message.type === 'text' && text.trim() === '') return [];
      const media = message.type === 'picture' ? message.media : undefined;
      const bot = api(config.authToken);
      // Tokens are 64-bit: the sender and time keep two tokens that JSON rounds alike apart.
      const inbound: InboundMessage = {
        externalUserId: sender.id,
        displayName: sender.name || `Viber ${sender.id.slice(0, 6)}`,
        externalMessageId: `${sender.id}:${timestamp ?? 0}:${String(token)}`,
        text,
        media: media
          ? {
              async fetch() {
                // What the file is, the pipeline's image check reads from its bytes.
                const { bytes } = await bot.download(media);
                return {
                  bytes,
                  contentType: 'application/octet-stream',
                  name: message.file_name ?? 'picture.jpg',
                };
              },
            }
          : undefined,
      };
      return [inbound];
    },

    async send(outbound, config) {
      const sent = await api(config.authToken).call(
        'send_message',
        msgPxyPayload(outbound, config.accountName),
        sentSchema,
      );
      return { externalId: String(sent.message_token) };
    },
  };
}
