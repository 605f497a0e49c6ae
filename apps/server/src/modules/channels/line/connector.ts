import { type LineConnectRequest, lineConnectRequestSchema } from '@convo/api';
import { HTTPFetchError, messagingApi, validateSignature } from '@line/bot-sdk';
import { z } from 'zod';
import { type ChannelConnector, ChannelProviderError, type InboundMessage } from '../connector.js';

// LINE through the Messaging API with LINE's official SDK (@line/bot-sdk), pointed at the
// configured base URLs (LINE_API_URL for the API, LINE_DATA_API_URL for message content). The
// admin gives the channel access token and channel secret; the bot info call checks the token and
// the webhook endpoint is set to us. LINE signs every delivery: `x-line-signature` is the base64
// HMAC-SHA256 of the raw body with the channel secret.

export const LINE_SIGNATURE_HEADER = 'x-line-signature';

const configSchema = z.object({
  channelAccessToken: z.string().min(1),
  channelSecret: z.string().min(1),
  botUserId: z.string(),
  basicId: z.string(),
});
export type LineConfig = z.infer<typeof configSchema>;

/** The part of a webhook body we read: message events from a user (others are ignored). */
const eventSchema = z.object({
  type: z.string(),
  webhookEventId: z.string().optional(),
  source: z.object({ type: z.string(), userId: z.string().optional() }).optional(),
  message: z
    .object({
      id: z.string(),
      type: z.string(),
      text: z.string().optional(),
      contentProvider: z
        .object({ type: z.enum(['line', 'external']), originalContentUrl: z.string().optional() })
        .optional(),
    })
    .optional(),
});
const bodySchema = z.object({ destination: z.string().optional(), events: z.array(z.unknown()) });

/** 429 and 5xx are LINE's trouble (try again); other 4xx are ours (bad token, blocked user, bad message). */
const isRetryable = (status: number) => status === 429 || status >= 500;

/** LINE's error JSON is `{ message, details? }`; the SDK keeps the body as text. */
function lineMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = z.object({ message: z.string() }).safeParse(parsed);
    return message.success ? message.data.message : body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** Any failure of an SDK call as a ChannelProviderError (network trouble is retried). */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HTTPFetchError)
      throw new ChannelProviderError(
        `LINE ${what}: ${err.status} ${lineMessage(err.body)}`.trim(),
        isRetryable(err.status),
      );
    if (err instanceof ChannelProviderError) throw err;
    throw new ChannelProviderError(`LINE could not be reached: ${(err as Error).message}`, true);
  }
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

export function lineConnector(urls: {
  api: string;
  data: string;
}): ChannelConnector<LineConfig, LineConnectRequest> {
  const client = (channelAccessToken: string) =>
    new messagingApi.MessagingApiClient({ channelAccessToken, baseURL: urls.api });
  const blob = (channelAccessToken: string) =>
    new messagingApi.MessagingApiBlobClient({ channelAccessToken, baseURL: urls.data });

  return {
    kind: 'line',
    configSchema,

    async connect(input, webhook) {
      const { channelAccessToken, channelSecret } = lineConnectRequestSchema.parse(input);
      const api = client(channelAccessToken);
      const info = await call('bot info', () => api.getBotInfo());
      await call('set webhook endpoint', () => api.setWebhookEndpoint({ endpoint: webhook.url }));
      return {
        config: { channelAccessToken, channelSecret, botUserId: info.userId, basicId: info.basicId },
        displayName: info.basicId ? `${info.displayName} (${info.basicId})` : info.displayName,
      };
    },

    // LINE has no call that removes a webhook endpoint: the deliveries that still come answer 404.
    async disconnect() {},

    verify(headers, config, rawBody) {
      const given = headers[LINE_SIGNATURE_HEADER];
      return (
        typeof given === 'string' && given !== '' && validateSignature(rawBody, config.channelSecret, given)
      );
    },

    parseInbound(body, config) {
      const parsed = bodySchema.safeParse(body);
      if (!parsed.success) return [];
      const inbound: InboundMessage[] = [];
      for (const raw of parsed.data.events) {
        const event = eventSchema.safeParse(raw);
        if (!event.success) continue;
        const { message, source } = event.data;
        const userId = source?.userId;
        if (event.data.type !== 'message' || !message || !userId || source?.type !== 'user') continue;
        if (message.type !== 'text' && message.type !== 'image') continue;
        const text = message.type === 'text' ? (message.text ?? '') : '';
        if (message.type === 'text' && text.trim() === '') continue;
        const provider = message.contentProvider;
        inbound.push({
          externalUserId: userId,
          displayName: `LINE user ${userId.slice(-6)}`,
          externalMessageId: message.id,
          text,
          media:
            message.type === 'image'
              ? {
                  async fetch() {
                    if (provider?.type === 'external' && provider.originalContentUrl) {
                      const res = await call('image download', () => fetch(provider.originalContentUrl!));
                      if (!res.ok) throw new Error(`The image could not be downloaded (HTTP ${res.status}).`);
                      return {
                        bytes: new Uint8Array(await res.arrayBuffer()),
                        contentType: 'application/octet-stream',
                        name: `line-${message.id}.jpg`,
                      };
                    }
                    const stream = await call('message content', () =>
                      blob(config.channelAccessToken).getMessageContent(message.id),
                    );
                    // The content's type is sniffed from its bytes by the pipeline's image check.
                    return {
                      bytes: await call('message content', () => readAll(stream)),
                      contentType: 'application/octet-stream',
                      name: `line-${message.id}.jpg`,
                    };
                  },
                }
              : undefined,
        });
      }
      return inbound;
    },

    async send(outbound, config) {
      const messages: messagingApi.Message[] = [];
      if (outbound.text.trim() !== '') messages.push({ type: 'text', text: outbound.text.slice(0, 5000) });
      if (outbound.file?.url && outbound.file.contentType.startsWith('image/'))
        messages.push({
          type: 'image',
          originalContentUrl: outbound.file.url,
          previewImageUrl: outbound.file.url,
        });
      else if (outbound.file?.url)
        messages.push({ type: 'text', text: `${outbound.file.name}: ${outbound.file.url}` });
      if (messages.length === 0) throw new ChannelProviderError('LINE push: the reply is empty.', false);
      const sent = await call('push message', () =>
        client(config.channelAccessToken).pushMessage({ to: outbound.externalUserId, messages }),
      );
      return { externalId: sent.sentMessages.map((m) => m.id).join(',') || outbound.externalUserId };
    },
  };
}
