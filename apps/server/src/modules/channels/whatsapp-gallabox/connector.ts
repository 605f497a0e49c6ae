import { type WhatsAppTemplate, whatsAppGallaboxConnectRequestSchema } from '@convo/api';
import { stripWhatsAppPrefix } from '@convo/domain';
import { z } from 'zod';
import { safeEqual } from '../../../platform/crypto.js';
import {
  type ChannelConnector,
  ChannelProviderError,
  type DeliveryStatusUpdate,
  type InboundMessage,
} from '../connector.js';
import {
  metaTemplateComponentsSchema,
  type TemplateRef,
  type TemplateSource,
  templateComponents,
  templateOf,
} from '../whatsapp/template-ref.js';

// WhatsApp through Gallabox (https://docs.gallabox.com/developer-resources): the `apiKey` and
// `apiSecret` headers, one WhatsApp channel of one Gallabox account. Replies go to `POST
// /devapi/messages/whatsapp` (text, image or document by our signed public link, or a template by
// name with its body, header and button values); templates come from `GET
// /devapi/accounts/{id}/whatsappTemplates`.
// Gallabox signs nothing: its webhook settings take a URL and custom headers, and the admin puts
// the webhook secret they chose here into the X-Webhook-Secret header there. The event shapes
// beyond Gallabox's documentation are assumptions recorded in docs/decisions.md. No SDK: fetch.

export const GALLABOX_SECRET_HEADER = 'x-webhook-secret';
const TIMEOUT_MS = 15_000;

const configSchema = z.object({
  apiKey: z.string().min(1),
  apiSecret: z.string().min(1),
  accountId: z.string().min(1),
  channelId: z.string().min(1),
  webhookSecret: z.string().min(1),
});
export type WhatsAppGallaboxConfig = z.infer<typeof configSchema>;
type GallaboxInput = z.input<typeof whatsAppGallaboxConnectRequestSchema>;

const errorSchema = z.object({ message: z.union([z.string(), z.array(z.string())]) });
const sentSchema = z.object({ id: z.string().min(1) });
const templateListSchema = z.array(
  z.object({
    _id: z.string().optional(),
    channelId: z.string().optional(),
    name: z.string(),
    language: z.string(),
    status: z.string(),
    category: z.string().default(''),
    components: metaTemplateComponentsSchema,
  }),
);

/**
 * A template reply as Gallabox takes it (assumed, docs/decisions.md): values by placeholder
 * number for the body and a text header, the media header by link and name, and Meta's button
 * parameters by index.
 */
function gallaboxTemplate(template: TemplateRef): Record<string, unknown> {
  const numbered = (values: readonly string[]) =>
    Object.fromEntries(values.map((value, i) => [String(i + 1), value]));
  const { header } = template;
  return {
    templateName: template.name,
    bodyValues: numbered(template.parameters),
    ...(header?.type === 'text' ? { headerValues: numbered([header.text]) } : {}),
    ...(header && header.type !== 'text'
      ? {
          headerValues: {
            mediaUrl: header.link,
            ...(header.type === 'document' && header.filename ? { mediaName: header.filename } : {}),
          },
        }
      : {}),
    ...(template.buttons.length > 0
      ? {
          buttonValues: template.buttons.map((b) => ({
            index: b.index,
            sub_type: b.type,
            parameters:
              b.type === 'url' ? { type: 'text', text: b.text } : { type: 'payload', payload: b.payload },
          })),
        }
      : {}),
  };
}

const mediaSchema = z.object({
  link: z.string().url(),
  mimeType: z.string().optional(),
  caption: z.string().optional(),
});
const documentSchema = mediaSchema.extend({ filename: z.string().optional() });
const receivedSchema = z.object({
  event: z.literal('Message.received'),
  id: z.string().min(1),
  channelId: z.string(),
  contact: z.object({ name: z.string().optional() }).optional(),
  whatsapp: z.object({
    from: z.string().min(1),
    type: z.string(),
    text: z.object({ body: z.string() }).optional(),
    image: mediaSchema.optional(),
    document: documentSchema.optional(),
  }),
});
const statusSchema = z.object({
  event: z.literal('Message.status'),
  channelId: z.string(),
  messageId: z.string().min(1),
  status: z.string(),
  recipient: z.object({ phone: z.string() }),
  error: z.object({ message: z.string().optional() }).optional(),
});

/** Gallabox numbers: country code and number, digits only. */
const gallaboxPhone = (number: string) => stripWhatsAppPrefix(number).replace(/^\+/, '');

class GallaboxApi {
  constructor(
    private readonly baseUrl: string,
    private readonly config: Pick<WhatsAppGallaboxConfig, 'apiKey' | 'apiSecret'>,
  ) {}

  private async fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          apiKey: this.config.apiKey,
          apiSecret: this.config.apiSecret,
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`Gallabox could not be reached: ${(err as Error).message}`, true);
    }
  }

  async call<T>(path: string, json: Record<string, unknown> | null, result: z.ZodType<T>): Promise<T> {
    const res = await this.fetchOrThrow(`${this.baseUrl}${path}`, {
      method: json ? 'POST' : 'GET',
      ...(json ? { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } } : {}),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const failure = errorSchema.safeParse(body);
      const message = failure.success ? [failure.data.message].flat().join('; ') : `HTTP ${res.status}`;
      throw new ChannelProviderError(
        `Gallabox ${res.status}: ${message}`,
        res.status === 429 || res.status >= 500,
      );
    }
    const parsed = result.safeParse(body);
    if (!parsed.success)
      throw new ChannelProviderError(`Gallabox answered ${path} with an unexpected result.`, false);
    return parsed.data;
  }

  /** A customer's file: on Gallabox's host with the key and secret, elsewhere as it is. */
  async download(link: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const own = new URL(link).origin === new URL(this.baseUrl).origin;
    const res = own
      ? await this.fetchOrThrow(link, {})
      : await fetch(link, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((err: unknown) => {
          throw new ChannelProviderError(
            `Gallabox media could not be reached: ${(err as Error).message}`,
            true,
          );
        });
    if (!res.ok)
      throw new ChannelProviderError(
        `Gallabox media download: HTTP ${res.status}`,
        res.status === 429 || res.status >= 500,
      );
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export type WhatsAppGallaboxConnector = ChannelConnector<WhatsAppGallaboxConfig, GallaboxInput> &
  TemplateSource<WhatsAppGallaboxConfig>;

export function whatsAppGallaboxConnector(apiUrl: string): WhatsAppGallaboxConnector {
  const api = (config: Pick<WhatsAppGallaboxConfig, 'apiKey' | 'apiSecret'>) =>
    new GallaboxApi(apiUrl, config);
  const templatesOf = (
    config: Pick<WhatsAppGallaboxConfig, 'apiKey' | 'apiSecret' | 'accountId' | 'channelId'>,
  ) =>
    api(config).call(
      `/devapi/accounts/${encodeURIComponent(config.accountId)}/whatsappTemplates`,
      null,
      templateListSchema,
    );

  const media = (
    config: WhatsAppGallaboxConfig,
    file: z.infer<typeof documentSchema>,
    kind: 'image' | 'file',
  ) => ({
    kind,
    async fetch() {
      const got = await api(config).download(file.link);
      const contentType = file.mimeType ?? got.contentType;
      const name =
        file.filename ?? `${kind === 'image' ? 'image' : 'file'}.${EXTENSION_OF[contentType] ?? 'bin'}`;
      return { bytes: got.bytes, contentType, name };
    },
  });

  return {
    kind: 'whatsapp-gallabox',
    configSchema,

    async connect(input) {
      const request = whatsAppGallaboxConnectRequestSchema.parse(input);
      // Listing the account's templates checks the key, the secret and the account id together.
      await templatesOf(request);
      return { config: request, displayName: 'Gallabox' };
    },

    async disconnect() {
      // The webhook is the admin's, in Gallabox's settings: deliveries to a removed account answer 404.
    },

    verify(headers, config) {
      const given = headers[GALLABOX_SECRET_HEADER];
      return typeof given === 'string' && safeEqual(given, config.webhookSecret);
    },

    parseInbound(body, config) {
      const event = receivedSchema.safeParse(body);
      if (!event.success || event.data.channelId !== config.channelId) return [];
      const { id, whatsapp, contact } = event.data;
      const customer = gallaboxPhone(whatsapp.from);
      const base = {
        externalUserId: customer,
        displayName: contact?.name || `+${customer}`,
        externalMessageId: id,
      };
      let message: InboundMessage;
      if (whatsapp.type === 'text' && whatsapp.text) message = { ...base, text: whatsapp.text.body };
      else if (whatsapp.type === 'image' && whatsapp.image)
        message = {
          ...base,
          text: whatsapp.image.caption ?? '',
          media: media(config, whatsapp.image, 'image'),
        };
      else if (whatsapp.type === 'document' && whatsapp.document)
        message = {
          ...base,
          text: whatsapp.document.caption ?? '',
          media: media(config, whatsapp.document, 'file'),
        };
      else
        message = {
          ...base,
          text: `[The customer sent a WhatsApp ${whatsapp.type} message, which this channel does not show.]`,
        };
      return [message];
    },

    parseStatuses(body, config): DeliveryStatusUpdate[] {
      const event = statusSchema.safeParse(body);
      if (!event.success || event.data.channelId !== config.channelId) return [];
      const { status, messageId, recipient, error } = event.data;
      const mapped = status.toLowerCase();
      if (mapped !== 'delivered' && mapped !== 'read' && mapped !== 'failed') return [];
      return [
        {
          externalUserId: gallaboxPhone(recipient.phone),
          externalMessageId: messageId,
          status: mapped,
          error: mapped === 'failed' ? `Gallabox: ${error?.message ?? 'failed'}` : undefined,
        },
      ];
    },

    async send(outbound, config) {
      const template = templateOf(outbound);
      let whatsapp: Record<string, unknown>;
      if (template) {
        whatsapp = { type: 'template', template: gallaboxTemplate(template) };
      } else if (outbound.file) {
        // Gallabox fetches a reply's file by URL: our signed public link to it.
        if (!outbound.file.url)
          throw new ChannelProviderError('Gallabox needs a public URL of the file (set PUBLIC_URL).', false);
        const caption = outbound.text.trim() === '' ? {} : { caption: outbound.text.slice(0, 1024) };
        whatsapp = outbound.file.contentType.startsWith('image/')
          ? { type: 'image', image: { link: outbound.file.url, ...caption } }
          : {
              type: 'document',
              document: { link: outbound.file.url, filename: outbound.file.name, ...caption },
            };
      } else {
        whatsapp = { type: 'text', text: { body: outbound.text.slice(0, 4096) } };
      }
      const sent = await api(config).call(
        '/devapi/messages/whatsapp',
        {
          channelId: config.channelId,
          channelType: 'whatsapp',
          recipient: { name: '', phone: gallaboxPhone(outbound.externalUserId) },
          whatsapp,
        },
        sentSchema,
      );
      return { externalId: sent.id };
    },

    async listTemplates(config): Promise<WhatsAppTemplate[]> {
      const list = await templatesOf(config);
      return list
        .filter((t) => t.channelId === undefined || t.channelId === config.channelId)
        .map((t) => ({
          name: t.name,
          language: t.language,
          status: t.status.toUpperCase(),
          category: t.category.toUpperCase(),
          ...templateComponents(t.components),
        }));
    },
  };
}
