import type { WhatsAppTemplate } from '@convo/api';
import { stripWhatsAppPrefix } from '@convo/domain';
import { z } from 'zod';
import type { DeliveryStatusUpdate, InboundMedia, InboundMessage, OutboundMessage } from '../connector.js';
import {
  metaTemplateComponentsSchema,
  type TemplateRef,
  templateComponents,
  templateOf,
} from './template-ref.js';

// The WhatsApp Cloud API's wire format, shared by Meta's own API (whatsapp-cloud) and 360dialog,
// which hosts the same API under its own URL and key: webhook deliveries
// (`entry[].changes[].value` with contacts, messages and statuses), the send payload (text,
// image or document by uploaded media id, template) and the template list. Each connector only
// says how it reaches its host (token or D360-API-KEY) and where media is downloaded.

const mediaRefSchema = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});
export type CloudMediaRef = z.infer<typeof mediaRefSchema>;

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
  biz_opaque_callback_data: z.string().optional(),
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
type CloudValue = z.infer<typeof valueSchema>;
const deliverySchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.unknown() })) })),
});

/** `GET /{media-id}`: where the file is, and its type. */
export const cloudMediaInfoSchema = z.object({ url: z.string(), mime_type: z.string().optional() });
/** `POST …/media`: the uploaded file's id. */
export const cloudUploadedSchema = z.object({ id: z.string() });
/** `POST …/messages`: the new message's wamid. */
export const cloudSentSchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
export const cloudTemplatesSchema = z.object({
  /** Meta's Graph API spells the list `data`; 360dialog's `waba_templates`. */
  data: z.array(z.unknown()).optional(),
  waba_templates: z.array(z.unknown()).optional(),
});
const templateSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().default(''),
  components: metaTemplateComponentsSchema,
});

/**
 * The `messages` changes of a delivery; only those of `phoneNumberId` when given (a WhatsApp
 * Business Account may have several numbers; a 360dialog key is one number).
 */
export function cloudValues(body: unknown, phoneNumberId: string | null): CloudValue[] {
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) return [];
  return delivery.data.entry
    .flatMap((e) => e.changes)
    .filter((c) => c.field === 'messages')
    .map((c) => valueSchema.safeParse(c.value))
    .flatMap((v) =>
      v.success && (phoneNumberId === null || v.data.metadata.phone_number_id === phoneNumberId)
        ? [v.data]
        : [],
    );
}

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** A received file's name: the customer's for a document, `image.png` and the like otherwise. */
export function cloudMediaName(ref: CloudMediaRef, kind: 'image' | 'file', contentType: string): string {
  return ref.filename ?? `${kind === 'image' ? 'image' : 'file'}.${EXTENSION_OF[contentType] ?? 'bin'}`;
}

/** The customer messages of a delivery; `media` says how a file is fetched from this host. */
export function parseCloudInbound(
  values: readonly CloudValue[],
  media: (ref: CloudMediaRef, kind: 'image' | 'file') => InboundMedia,
): InboundMessage[] {
  const inbound: InboundMessage[] = [];
  for (const value of values) {
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
        inbound.push({ ...base, text: message.image.caption ?? '', media: media(message.image, 'image') });
      } else if (message.type === 'document' && message.document) {
        inbound.push({
          ...base,
          text: message.document.caption ?? '',
          media: media(message.document, 'file'),
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
}

/**
 * The statuses of our sends in a delivery. 'sent' is told only with our tag
 * (`biz_opaque_callback_data`): it settles a campaign send whose answer was lost.
 */
export function parseCloudStatuses(values: readonly CloudValue[]): DeliveryStatusUpdate[] {
  const updates: DeliveryStatusUpdate[] = [];
  for (const value of values) {
    for (const s of value.statuses ?? []) {
      const tag = s.biz_opaque_callback_data;
      const status =
        s.status === 'delivered' ||
        s.status === 'read' ||
        s.status === 'failed' ||
        (s.status === 'sent' && tag)
          ? s.status
          : null;
      if (status === null) continue;
      const error = s.errors?.[0];
      updates.push({
        externalUserId: s.recipient_id,
        externalMessageId: s.id,
        status,
        ...(tag ? { tag } : {}),
        error: error
          ? `WhatsApp ${error.code ?? ''} ${error.title ?? error.message ?? ''}${
              error.error_data?.details ? `: ${error.error_data.details}` : ''
            }`.replace(/\s+/g, ' ')
          : undefined,
      });
    }
  }
  return updates;
}

/**
 * A template reply's `components`: the header's parameter (text, or the media by link), the
 * body's, and one `button` component per button value (`index` as a string, as Meta documents).
 */
function cloudTemplateComponents(template: TemplateRef): Record<string, unknown>[] {
  const components: Record<string, unknown>[] = [];
  const { header } = template;
  if (header) {
    const parameter =
      header.type === 'text'
        ? { type: 'text', text: header.text }
        : header.type === 'document'
          ? {
              type: 'document',
              document: { link: header.link, ...(header.filename ? { filename: header.filename } : {}) },
            }
          : { type: header.type, [header.type]: { link: header.link } };
    components.push({ type: 'header', parameters: [parameter] });
  }
  if (template.parameters.length > 0)
    components.push({
      type: 'body',
      parameters: template.parameters.map((text) => ({ type: 'text', text })),
    });
  for (const button of [...template.buttons].sort((a, b) => a.index - b.index))
    components.push({
      type: 'button',
      sub_type: button.type,
      index: String(button.index),
      parameters: [
        button.type === 'url'
          ? { type: 'text', text: button.text }
          : { type: 'payload', payload: button.payload },
      ],
    });
  return components;
}

/**
 * The JSON of `POST …/messages` for a reply: a template, a file (uploaded first by `upload`,
 * which answers its media id) with its caption, or text. The customer's number loses a
 * 'whatsapp:' prefix (SPEC §5) and its '+' (a campaign's numbers carry one; 360dialog takes digits).
 */
export async function cloudSendPayload(
  outbound: OutboundMessage,
  upload: (file: NonNullable<OutboundMessage['file']>) => Promise<string>,
): Promise<Record<string, unknown>> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: stripWhatsAppPrefix(outbound.externalUserId).replace(/^\+/, ''),
    // Echoed in this message's status webhooks (Meta: at most 512 characters).
    ...(outbound.callbackTag ? { biz_opaque_callback_data: outbound.callbackTag.slice(0, 512) } : {}),
  };
  const template = templateOf(outbound);
  if (template) {
    const components = cloudTemplateComponents(template);
    return {
      ...base,
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        ...(components.length > 0 ? { components } : {}),
      },
    };
  }
  if (outbound.file) {
    const id = await upload(outbound.file);
    const caption = outbound.text.trim() === '' ? {} : { caption: outbound.text.slice(0, 1024) };
    return outbound.file.contentType.startsWith('image/')
      ? { ...base, type: 'image', image: { id, ...caption } }
      : { ...base, type: 'document', document: { id, filename: outbound.file.name, ...caption } };
  }
  return { ...base, type: 'text', text: { preview_url: false, body: outbound.text.slice(0, 4096) } };
}

/** The multipart body of a media upload (`POST …/media`). */
export function cloudUploadForm(file: NonNullable<OutboundMessage['file']>): FormData {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', file.contentType);
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
  return form;
}

/** A template list as our templates: the body's text and how many parameters it takes. */
export function cloudTemplates(list: z.infer<typeof cloudTemplatesSchema>): WhatsAppTemplate[] {
  return [...(list.data ?? []), ...(list.waba_templates ?? [])].flatMap((item) => {
    const parsed = templateSchema.safeParse(item);
    if (!parsed.success) return [];
    const t = parsed.data;
    return [
      {
        name: t.name,
        language: t.language,
        status: t.status.toUpperCase(),
        category: t.category.toUpperCase(),
        ...templateComponents(t.components),
      },
    ];
  });
}
