import { type TelegramConnectRequest, telegramConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import { safeEqual } from '../../../platform/crypto.js';
import type { ChannelConnector, InboundMessage } from '../connector.js';
import { TelegramBotApi } from './bot-api.js';

// Telegram through a bot: the admin gives a token from @BotFather, getMe checks it, setWebhook
// points the bot at us with a secret token Telegram sends back in
// `X-Telegram-Bot-Api-Secret-Token` on every update (our signature check).

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const configSchema = z.object({
  botToken: z.string().min(1),
  webhookSecret: z.string().min(16),
  botUsername: z.string(),
});
export type TelegramConfig = z.infer<typeof configSchema>;

const userSchema = z.object({
  id: z.number(),
  username: z.string().optional(),
  first_name: z.string().optional(),
});
const photoSizeSchema = z.object({ file_id: z.string(), file_size: z.number().optional() });
const fileSchema = z.object({
  file_id: z.string(),
  file_path: z.string().optional(),
  file_size: z.number().optional(),
});
const messageResultSchema = z.object({ message_id: z.number() });

/** The part of an Update we read; anything else in it (edits, callbacks, channel posts) is ignored. */
const updateSchema = z.object({
  update_id: z.number(),
  message: z
    .object({
      message_id: z.number(),
      chat: z.object({
        id: z.number(),
        first_name: z.string().optional(),
        last_name: z.string().optional(),
        username: z.string().optional(),
        title: z.string().optional(),
      }),
      text: z.string().optional(),
      caption: z.string().optional(),
      photo: z.array(photoSizeSchema).optional(),
    })
    .optional(),
});

const nameOf = (chat: z.infer<typeof updateSchema>['message'] & object) =>
  [chat.chat.first_name, chat.chat.last_name].filter(Boolean).join(' ') ||
  chat.chat.title ||
  (chat.chat.username ? `@${chat.chat.username}` : `Telegram ${chat.chat.id}`);

/**
 * Telegram's download names no type: the file is sent as octet-stream and the pipeline's image
 * check decides what it is from its bytes.
 */
const baseName = (path: string) => path.split('/').pop() || 'photo.jpg';

export function telegramConnector(baseUrl: string): ChannelConnector<TelegramConfig, TelegramConnectRequest> {
  const api = (token: string) => new TelegramBotApi(baseUrl, token);
  return {
    kind: 'telegram',
    configSchema,

    async connect(input, webhook) {
      const { botToken } = telegramConnectRequestSchema.parse(input);
      const bot = api(botToken);
      const me = await bot.call('getMe', {}, userSchema);
      await bot.call(
        'setWebhook',
        { url: webhook.url, secret_token: webhook.secret, allowed_updates: ['message'] },
        z.literal(true),
      );
      const botUsername = me.username ?? me.first_name ?? String(me.id);
      return {
        config: { botToken, webhookSecret: webhook.secret, botUsername },
        displayName: `@${botUsername}`,
      };
    },

    async disconnect(config) {
      await api(config.botToken).call('deleteWebhook', {}, z.literal(true));
    },

    verify(headers, config) {
      const given = headers[TELEGRAM_SECRET_HEADER];
      return typeof given === 'string' && safeEqual(given, config.webhookSecret);
    },

    parseInbound(body, config) {
      const update = updateSchema.safeParse(body);
      const message = update.success ? update.data.message : undefined;
      if (!message) return [];
      const photo = message.photo?.at(-1); // sizes come smallest first: keep the largest
      const text = message.text ?? message.caption ?? '';
      if (!photo && text.trim() === '') return [];
      const bot = api(config.botToken);
      const inbound: InboundMessage = {
        externalUserId: String(message.chat.id),
        displayName: nameOf(message),
        externalMessageId: `${message.chat.id}:${message.message_id}`,
        text,
        media: photo
          ? {
              async fetch() {
                const file = await bot.call('getFile', { file_id: photo.file_id }, fileSchema);
                if (!file.file_path) throw new Error('Telegram gave no file path (file larger than 20 MB).');
                return {
                  bytes: await bot.download(file.file_path),
                  contentType: 'application/octet-stream',
                  name: baseName(file.file_path),
                };
              },
            }
          : undefined,
      };
      return [inbound];
    },

    async send(outbound, config) {
      const bot = api(config.botToken);
      if (outbound.file) {
        const form = new FormData();
        const isImage = outbound.file.contentType.startsWith('image/');
        form.set('chat_id', outbound.externalUserId);
        if (outbound.text.trim() !== '') form.set('caption', outbound.text.slice(0, 1024));
        form.set(
          isImage ? 'photo' : 'document',
          new Blob([new Uint8Array(outbound.file.bytes)], { type: outbound.file.contentType }),
          outbound.file.name,
        );
        const sent = await bot.call(isImage ? 'sendPhoto' : 'sendDocument', form, messageResultSchema);
        return { externalId: `${outbound.externalUserId}:${sent.message_id}` };
      }
      const sent = await bot.call(
        'sendMessage',
        { chat_id: outbound.externalUserId, text: outbound.text.slice(0, 4096) },
        messageResultSchema,
      );
      return { externalId: `${outbound.externalUserId}:${sent.message_id}` };
    },
  };
}
