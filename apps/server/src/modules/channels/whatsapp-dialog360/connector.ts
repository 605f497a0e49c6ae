import { whatsAppDialog360ConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import { safeEqual } from '../../../platform/crypto.js';
import { type ChannelConnector, ChannelProviderError } from '../connector.js';
import { graphErrorSchema, isRetryable } from '../meta-graph/graph-api.js';
import {
  type CloudMediaRef,
  cloudMediaInfoSchema,
  cloudMediaName,
  cloudSendPayload,
  cloudSentSchema,
  cloudTemplates,
  cloudTemplatesSchema,
  cloudUploadedSchema,
  cloudUploadForm,
  cloudValues,
  parseCloudInbound,
  parseCloudStatuses,
} from '../whatsapp/cloud-format.js';
import type { TemplateSource } from '../whatsapp/template-ref.js';

// WhatsApp through 360dialog (https://docs.360dialog.com/docs/waba-messaging): the Cloud API
// hosted by 360dialog, one API key per phone number in the `D360-API-KEY` header. Sends,
// uploads, deliveries and templates are the Cloud API's (../whatsapp/cloud-format.ts); media
// URLs point at Meta's lookaside host and are downloaded through 360dialog's with the key.
// 360dialog signs nothing: connecting sets the number's webhook (`POST /v1/configs/webhook`)
// with a secret header of ours that every delivery must carry. No official SDK: plain fetch.

export const DIALOG360_SECRET_HEADER = 'x-convo-webhook-secret';
const TIMEOUT_MS = 15_000;

const configSchema = z.object({
  apiKey: z.string().min(1),
  webhookSecret: z.string().min(1),
});
export type WhatsAppDialog360Config = z.infer<typeof configSchema>;
type Dialog360Input = z.input<typeof whatsAppDialog360ConnectRequestSchema>;

/** 360dialog's own failures (a wrong key): `{ meta: { http_code, developer_message } }`. */
const metaErrorSchema = z.object({
  meta: z.object({ developer_message: z.string().optional(), http_code: z.number().optional() }),
});

interface Request {
  method?: 'GET' | 'POST';
  json?: Record<string, unknown>;
  form?: FormData;
}

class Dialog360Api {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  private async fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'D360-API-KEY': this.apiKey },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ChannelProviderError(`360dialog could not be reached: ${(err as Error).message}`, true);
    }
  }

  async call<T>(path: string, request: Request, result: z.ZodType<T>): Promise<T> {
    const method = request.method ?? (request.json || request.form ? 'POST' : 'GET');
    const res = await this.fetchOrThrow(`${this.baseUrl}${path}`, {
      method,
      ...(request.form
        ? { body: request.form }
        : request.json
          ? { body: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } }
          : {}),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const graph = graphErrorSchema.safeParse(body);
      if (graph.success) {
        const { code, message, error_data: data } = graph.data.error;
        throw new ChannelProviderError(
          `360dialog error ${code ?? res.status}: ${message}${data?.details ? ` (${data.details})` : ''}`,
          isRetryable(res.status, code),
        );
      }
      const own = metaErrorSchema.safeParse(body);
      const detail =
        own.success && own.data.meta.developer_message ? `: ${own.data.meta.developer_message}` : '';
      throw new ChannelProviderError(
        `360dialog answered HTTP ${res.status}${detail}`,
        isRetryable(res.status, undefined),
      );
    }
    const parsed = result.safeParse(body);
    if (!parsed.success)
      throw new ChannelProviderError(`360dialog answered ${path} with an unexpected result.`, false);
    return parsed.data;
  }

  /** A media file: Meta's lookaside URL, fetched at the same path and query on 360dialog's host. */
  async download(mediaUrl: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const source = new URL(mediaUrl);
    const res = await this.fetchOrThrow(`${this.baseUrl}${source.pathname}${source.search}`, {});
    if (!res.ok)
      throw new ChannelProviderError(
        `360dialog media download: HTTP ${res.status}`,
        isRetryable(res.status, undefined),
      );
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }
}

export type WhatsAppDialog360Connector = ChannelConnector<WhatsAppDialog360Config, Dialog360Input> &
  TemplateSource<WhatsAppDialog360Config>;

export function whatsAppDialog360Connector(apiUrl: string): WhatsAppDialog360Connector {
  const api = (config: Pick<WhatsAppDialog360Config, 'apiKey'>) => new Dialog360Api(apiUrl, config.apiKey);

  const media = (config: WhatsAppDialog360Config, ref: CloudMediaRef, kind: 'image' | 'file') => ({
    kind,
    async fetch() {
      const client = api(config);
      const info = await client.call(`/${encodeURIComponent(ref.id)}`, {}, cloudMediaInfoSchema);
      const file = await client.download(info.url);
      const contentType = info.mime_type ?? ref.mime_type ?? file.contentType;
      return { bytes: file.bytes, contentType, name: cloudMediaName(ref, kind, contentType) };
    },
  });

  return {
    kind: 'whatsapp-dialog360',
    tagsSends: true,
    configSchema,

    async connect(input, webhook) {
      const request = whatsAppDialog360ConnectRequestSchema.parse(input);
      // Setting the webhook is also the key's check: a wrong key answers 401.
      await api({ apiKey: request.d360ApiKey }).call(
        '/v1/configs/webhook',
        { json: { url: webhook.url, headers: { [DIALOG360_SECRET_HEADER]: webhook.secret } } },
        z.object({ url: z.string() }),
      );
      return {
        config: { apiKey: request.d360ApiKey, webhookSecret: webhook.secret },
        displayName: '360dialog',
      };
    },

    async disconnect() {
      // 360dialog has no "remove webhook": deliveries to a removed account answer 404 and stop.
    },

    verify(headers, config) {
      const given = headers[DIALOG360_SECRET_HEADER];
      return typeof given === 'string' && safeEqual(given, config.webhookSecret);
    },

    parseInbound(body, config) {
      // One key is one phone number: every delivery to this webhook is this account's.
      return parseCloudInbound(cloudValues(body, null), (ref, kind) => media(config, ref, kind));
    },

    parseStatuses(body) {
      return parseCloudStatuses(cloudValues(body, null));
    },

    async send(outbound, config) {
      const client = api(config);
      const payload = await cloudSendPayload(outbound, async (file) => {
        return (await client.call('/media', { form: cloudUploadForm(file) }, cloudUploadedSchema)).id;
      });
      const sent = await client.call('/messages', { json: payload }, cloudSentSchema);
      return { externalId: sent.messages[0]!.id };
    },

    async listTemplates(config) {
      return cloudTemplates(await api(config).call('/v1/configs/templates', {}, cloudTemplatesSchema));
    },
  };
}
