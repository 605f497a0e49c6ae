import { z } from 'zod';
import type {
  ChannelConnector,
  ConnectedAccount,
  DeliveryStatusUpdate,
  InboundMessage,
} from '../connector.js';
import { graphSuccessSchema, MetaGraphApi } from './graph-api.js';
import { metaChallenge, verifyMetaSignature } from './webhook.js';

// The Messenger Platform, which carries both Facebook Messenger (webhook object `page`) and
// Instagram messaging (object `instagram`): deliveries hold `entry[].messaging[]` events (a
// message, a delivery with the delivered `mids` and a watermark, a read with a watermark or a
// mid); replies go to `POST /me/messages` with the page's access token (a file as multipart
// `filedata`). Customer ids are page-scoped (PSID) or Instagram-scoped (IGSID) ids.

const attachmentSchema = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional() }).passthrough().optional(),
});
const eventSchema = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      attachments: z.array(attachmentSchema).optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  read: z.object({ watermark: z.number().optional(), mid: z.string().optional() }).optional(),
});
/**
 * The metadata key of an outbound message's Send API `messaging_type` (Meta's documented values:
 * RESPONSE, UPDATE, MESSAGE_TAG). Campaigns set UPDATE; replies go as RESPONSE.
 */
export const MESSAGING_TYPE_KEY = 'metaMessagingType';

const sentSchema = z.object({ recipient_id: z.string().optional(), message_id: z.string() });

export interface MessengerConfig {
  /** The page, or for Instagram the professional account: entry ids of our deliveries. */
  accountId: string;
  pageAccessToken: string;
  appSecret: string;
  verifyToken: string;
}

export interface MessengerPlatform<Config extends MessengerConfig> {
  object: 'page' | 'instagram';
  /** How a customer without a name is shown. */
  customerLabel: string;
  /** Checks the credentials and subscribes the app; answers the config and display name. */
  connect(input: unknown, graph: (token: string) => MetaGraphApi): Promise<ConnectedAccount<Config>>;
  /** The page whose app subscription `disconnect` removes. */
  pageIdOf(config: Config): string;
}

const deliverySchema = (object: string) =>
  z.object({
    object: z.literal(object),
    entry: z.array(z.object({ id: z.string(), messaging: z.array(z.unknown()).default([]) })),
  });

export function messengerConnector<Config extends MessengerConfig, Input>(
  kind: 'facebook' | 'instagram',
  configSchema: z.ZodType<Config>,
  platform: MessengerPlatform<Config>,
  graphUrl: string,
): ChannelConnector<Config, Input> {
  const graph = (token: string) => new MetaGraphApi(graphUrl, token);
  const schema = deliverySchema(platform.object);

  /** This account's events in a delivery. */
  const eventsOf = (body: unknown, config: Config) => {
    const delivery = schema.safeParse(body);
    if (!delivery.success) return [];
    return delivery.data.entry
      .filter((e) => e.id === config.accountId)
      .flatMap((e) => e.messaging)
      .map((e) => eventSchema.safeParse(e))
      .flatMap((e) => (e.success ? [e.data] : []));
  };

  return {
    kind,
    configSchema,

    connect(input) {
      return platform.connect(input, graph);
    },

    async disconnect(config) {
      await graph(config.pageAccessToken).call(
        `${platform.pageIdOf(config)}/subscribed_apps`,
        { method: 'DELETE' },
        graphSuccessSchema,
      );
    },

    verify(headers, config, rawBody) {
      return verifyMetaSignature(headers, config.appSecret, rawBody);
    },

    challenge(query, config) {
      return metaChallenge(query, config.verifyToken);
    },

    parseInbound(body, config) {
      const inbound: InboundMessage[] = [];
      for (const event of eventsOf(body, config)) {
        const message = event.message;
        // Echoes are our own replies coming back.
        if (!message || message.is_echo) continue;
        const image = message.attachments?.find((a) => a.type === 'image' && a.payload?.url);
        const others = (message.attachments ?? []).filter((a) => a !== image);
        const notes = others.map(
          (a) => `[The customer sent a ${a.type} attachment, which this channel does not show.]`,
        );
        const text = [message.text ?? '', ...notes].filter((t) => t !== '').join('\n');
        if (text === '' && !image) continue;
        const url = image?.payload?.url;
        inbound.push({
          externalUserId: event.sender.id,
          displayName: `${platform.customerLabel} ${event.sender.id.slice(-6)}`,
          externalMessageId: message.mid,
          text,
          media: url
            ? {
                kind: 'image',
                async fetch() {
                  const file = await graph(config.pageAccessToken).download(url);
                  const name = new URL(url).pathname.split('/').pop() || 'image';
                  return { bytes: file.bytes, contentType: file.contentType, name };
                },
              }
            : undefined,
        });
      }
      return inbound;
    },

    parseStatuses(body, config) {
      const updates: DeliveryStatusUpdate[] = [];
      for (const event of eventsOf(body, config)) {
        const externalUserId = event.sender.id;
        if (event.delivery) {
          const mids = event.delivery.mids ?? [];
          if (mids.length === 0)
            updates.push({ externalUserId, status: 'delivered', upTo: event.delivery.watermark });
          for (const mid of mids)
            updates.push({ externalUserId, status: 'delivered', externalMessageId: mid });
        }
        if (event.read?.mid)
          updates.push({ externalUserId, status: 'read', externalMessageId: event.read.mid });
        else if (event.read?.watermark !== undefined)
          updates.push({ externalUserId, status: 'read', upTo: event.read.watermark });
      }
      return updates;
    },

    async send(outbound, config) {
      const api = graph(config.pageAccessToken);
      // A reply answers the customer (RESPONSE); a campaign is sent proactively within the window (UPDATE).
      const messagingType = outbound.metadata?.[MESSAGING_TYPE_KEY] === 'UPDATE' ? 'UPDATE' : 'RESPONSE';
      const recipient = { id: outbound.externalUserId };
      if (outbound.file) {
        const isImage = outbound.file.contentType.startsWith('image/');
        const form = new FormData();
        form.set('recipient', JSON.stringify(recipient));
        form.set('messaging_type', messagingType);
        form.set(
          'message',
          JSON.stringify({
            attachment: { type: isImage ? 'image' : 'file', payload: { is_reusable: false } },
          }),
        );
        form.set(
          'filedata',
          new Blob([new Uint8Array(outbound.file.bytes)], { type: outbound.file.contentType }),
          outbound.file.name,
        );
        const sent = await api.call('me/messages', { form }, sentSchema);
        // A caption is a message of its own on this platform.
        if (outbound.text.trim() === '') return { externalId: sent.message_id };
      }
      const sent = await api.call(
        'me/messages',
        {
          json: { recipient, messaging_type: messagingType, message: { text: outbound.text.slice(0, 2000) } },
        },
        sentSchema,
      );
      return { externalId: sent.message_id };
    },
  };
}
