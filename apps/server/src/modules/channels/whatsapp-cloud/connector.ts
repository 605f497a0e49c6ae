import {
  type WhatsAppCloudConnectRequest,
  type WhatsAppTemplate,
  whatsAppCloudConnectRequestSchema,
} from '@convo/api';
import { stripWhatsAppPrefix } from '@convo/domain';
import { z } from 'zod';
import type { ChannelConnector, DeliveryStatusUpdate, InboundMessage } from '../connector.js';
import { graphSuccessSchema, MetaGraphApi } from '../meta-graph/graph-api.js';
import { metaChallenge, verifyMetaSignature } from '../meta-graph/webhook.js';
import { TEMPLATE_METADATA_KEY } from '../outbox.js';

// WhatsApp through Meta's Cloud API (https://developers.facebook.com/docs/whatsapp/cloud-api):
// a phone number of a WhatsApp Business Account, a system user's access token and the Meta app's
// secret. Replies go to `POST /{phone-number-id}/messages`; files are uploaded to
// `/{phone-number-id}/media` first; the app is subscribed to the account's webhooks; deliveries
// carry customer messages and the statuses of our replies (sent, delivered, read, failed).
// Customer ids are WhatsApp ids (the number without '+'); a campaign's 'whatsapp:'-prefixed
// number (SPEC §5) loses the prefix before it goes to Meta.

const configSchema = z.object({
  phoneNumberId: z.string().min(1),
  businessAccountId: z.string().min(1),
  accessToken: z.string().min(1),
  appSecret: z.string().min(1),
  verifyToken: z.string().min(1),
});
export type WhatsAppCloudConfig = z.infer<typeof configSchema>;

const phoneNumberSchema = z.object({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});
const mediaInfoSchema = z.object({ url: z.string(), mime_type: z.string().optional() });
const uploadedSchema = z.object({ id: z.string() });
const sentSchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const templatesSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().default(''),
      components: z.array(z.object({ type: z.string(), text: z.string().optional() })).default([]),
    }),
  ),
});

const mediaRefSchema = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});
const messageSchema = z.object({
  from: z.string(),
  id: z.string(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  image: mediaRefSchema.optional(),
  document: mediaRefSchema.optional(),
});
const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  recipient_id: z.string(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }),
  contacts: z
    .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
    .optional(),
  messages: z.array(messageSchema).optional(),
  statuses: z.array(statusSchema).optional(),
});
const deliverySchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(z.object({ field: z.string(), value: z.unknown() })),
    }),
  ),
});

/** The `messages` changes of a delivery for this phone number (a WABA may have several). */
function valuesOf(body: unknown, config: WhatsAppCloudConfig) {
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) return [];
  return delivery.data.entry
    .flatMap((e) => e.changes)
    .filter((c) => c.field === 'messages')
    .map((c) => valueSchema.safeParse(c.value))
    .flatMap((v) => (v.success && v.data.metadata.phone_number_id === config.phoneNumberId ? [v.data] : []));
}

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The number of distinct {{n}} placeholders in a template's body. */
export function templateParameterCount(body: string): number {
  return new Set(body.match(/\{\{\s*\d+\s*\}\}/g)?.map((p) => p.replace(/\s/g, '')) ?? []).size;
}

/** A template's body with its {{n}} filled in, as the customer reads it. */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

const templateRefSchema = z.object({
  name: z.string(),
  language: z.string(),
  parameters: z.array(z.string()).default([]),
});

export interface WhatsAppCloudConnector
  extends ChannelConnector<WhatsAppCloudConfig, WhatsAppCloudConnectRequest> {
  /** The account's message templates, as Meta lists them. */
  listTemplates(config: WhatsAppCloudConfig): Promise<WhatsAppTemplate[]>;
}

export function whatsAppCloudConnector(graphUrl: string): WhatsAppCloudConnector {
  const api = (config: Pick<WhatsAppCloudConfig, 'accessToken'>) =>
    new MetaGraphApi(graphUrl, config.accessToken);

  const media = (
    config: WhatsAppCloudConfig,
    ref: z.infer<typeof mediaRefSchema>,
    kind: 'image' | 'file',
  ) => ({
    kind,
    async fetch() {
      const graph = api(config);
      const info = await graph.call(ref.id, {}, mediaInfoSchema);
      const file = await graph.download(info.url);
      const contentType = info.mime_type ?? ref.mime_type ?? file.contentType;
      const name =
        ref.filename ?? `${kind === 'image' ? 'image' : 'file'}.${EXTENSION_OF[contentType] ?? 'bin'}`;
      return { bytes: file.bytes, contentType, name };
    },
  });

  return {
    kind: 'whatsapp-cloud-api',
    configSchema,

    async connect(input) {
      const request = whatsAppCloudConnectRequestSchema.parse(input);
      const graph = api(request);
      const phone = await graph.call(
        request.phoneNumberId,
        { query: { fields: 'display_phone_number,verified_name' } },
        phoneNumberSchema,
      );
      await graph.call(
        `${request.businessAccountId}/subscribed_apps`,
        { method: 'POST' },
        graphSuccessSchema,
      );
      const name = [phone.verified_name, phone.display_phone_number].filter(Boolean).join(' ');
      return { config: request, displayName: name || request.phoneNumberId };
    },

    async disconnect(config) {
      await api(config).call(
        `${config.businessAccountId}/subscribed_apps`,
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
      for (const value of valuesOf(body, config)) {
        for (const message of value.messages ?? []) {
          const contact = value.contacts?.find((c) => c.wa_id === message.from);
          const base = {
            externalUserId: message.from,
            displayName: contact?.profile?.name || `+${message.from}`,
            externalMessageId: message.id,
          };
          if (message.type === 'text' && message.text) {
            inbound.push({ ...base, text: message.text.body });
          } else if (message.type === 'image' && message.image) {
            inbound.push({
              ...base,
              text: message.image.caption ?? '',
              media: media(config, message.image, 'image'),
            });
          } else if (message.type === 'document' && message.document) {
            inbound.push({
              ...base,
              text: message.document.caption ?? '',
              media: media(config, message.document, 'file'),
            });
          } else {
            inbound.push({
              ...base,
              text: `[The customer sent a WhatsApp ${message.type} message, which this channel does not show.]`,
            });
          }
        }
      }
      return inbound;
    },

    parseStatuses(body, config) {
      const updates: DeliveryStatusUpdate[] = [];
      for (const value of valuesOf(body, config)) {
        for (const s of value.statuses ?? []) {
          if (s.status !== 'delivered' && s.status !== 'read' && s.status !== 'failed') continue;
          const error = s.errors?.[0];
          updates.push({
            externalUserId: s.recipient_id,
            externalMessageId: s.id,
            status: s.status,
            error: error
              ? `WhatsApp ${error.code ?? ''} ${error.title ?? error.message ?? ''}${
                  error.error_data?.details ? `: ${error.error_data.details}` : ''
                }`.replace(/\s+/g, ' ')
              : undefined,
          });
        }
      }
      return updates;
    },

    async send(outbound, config) {
      const graph = api(config);
      const to = stripWhatsAppPrefix(outbound.externalUserId);
      const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
      const template = templateRefSchema.safeParse(outbound.metadata?.[TEMPLATE_METADATA_KEY]);
      let payload: Record<string, unknown>;
      if (template.success) {
        const { name, language, parameters } = template.data;
        payload = {
          ...base,
          type: 'template',
          template: {
            name,
            language: { code: language },
            ...(parameters.length > 0
              ? {
                  components: [
                    { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
                  ],
                }
              : {}),
          },
        };
      } else if (outbound.file) {
        const isImage = outbound.file.contentType.startsWith('image/');
        const form = new FormData();
        form.set('messaging_product', 'whatsapp');
        form.set('type', outbound.file.contentType);
        form.set(
          'file',
          new Blob([new Uint8Array(outbound.file.bytes)], { type: outbound.file.contentType }),
          outbound.file.name,
        );
        const uploaded = await graph.call(`${config.phoneNumberId}/media`, { form }, uploadedSchema);
        const caption = outbound.text.trim() === '' ? {} : { caption: outbound.text.slice(0, 1024) };
        payload = isImage
          ? { ...base, type: 'image', image: { id: uploaded.id, ...caption } }
          : {
              ...base,
              type: 'document',
              document: { id: uploaded.id, filename: outbound.file.name, ...caption },
            };
      } else {
        payload = { ...base, type: 'text', text: { preview_url: false, body: outbound.text.slice(0, 4096) } };
      }
      const sent = await graph.call(`${config.phoneNumberId}/messages`, { json: payload }, sentSchema);
      return { externalId: sent.messages[0]!.id };
    },

    async listTemplates(config) {
      const list = await api(config).call(
        `${config.businessAccountId}/message_templates`,
        { query: { fields: 'name,status,language,category,components', limit: '200' } },
        templatesSchema,
      );
      return list.data.map((t) => {
        const body = t.components.find((c) => c.type.toUpperCase() === 'BODY')?.text ?? '';
        return {
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          body,
          parameterCount: templateParameterCount(body),
        };
      });
    },
  };
}
