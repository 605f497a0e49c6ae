import { type WhatsAppCloudConnectRequest, whatsAppCloudConnectRequestSchema } from '@convo/api';
import { z } from 'zod';
import type { ChannelConnector } from '../connector.js';
import { graphSuccessSchema, MetaGraphApi } from '../meta-graph/graph-api.js';
import { metaChallenge, verifyMetaSignature } from '../meta-graph/webhook.js';
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

// WhatsApp through Meta's Cloud API (https://developers.facebook.com/docs/whatsapp/cloud-api):
// a phone number of a WhatsApp Business Account, a system user's access token and the Meta app's
// secret (the wire format itself is in ../whatsapp/cloud-format.ts, shared with 360dialog).
// Replies go to `POST /{phone-number-id}/messages`; files are uploaded to
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

export type WhatsAppCloudConnector = ChannelConnector<WhatsAppCloudConfig, WhatsAppCloudConnectRequest> &
  TemplateSource<WhatsAppCloudConfig>;

export function whatsAppCloudConnector(graphUrl: string): WhatsAppCloudConnector {
  const api = (config: Pick<WhatsAppCloudConfig, 'accessToken'>) =>
    new MetaGraphApi(graphUrl, config.accessToken);

  const media = (config: WhatsAppCloudConfig, ref: CloudMediaRef, kind: 'image' | 'file') => ({
    kind,
    async fetch() {
      const graph = api(config);
      const info = await graph.call(ref.id, {}, cloudMediaInfoSchema);
      const file = await graph.download(info.url);
      const contentType = info.mime_type ?? ref.mime_type ?? file.contentType;
      return { bytes: file.bytes, contentType, name: cloudMediaName(ref, kind, contentType) };
    },
  });

  return {
    kind: 'whatsapp-cloud-api',
    tagsSends: true,
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
      return parseCloudInbound(cloudValues(body, config.phoneNumberId), (ref, kind) =>
        media(config, ref, kind),
      );
    },

    parseStatuses(body, config) {
      return parseCloudStatuses(cloudValues(body, config.phoneNumberId));
    },

    async send(outbound, config) {
      const graph = api(config);
      const payload = await cloudSendPayload(outbound, async (file) => {
        const form = cloudUploadForm(file);
        return (await graph.call(`${config.phoneNumberId}/media`, { form }, cloudUploadedSchema)).id;
      });
      const sent = await graph.call(`${config.phoneNumberId}/messages`, { json: payload }, cloudSentSchema);
      return { externalId: sent.messages[0]!.id };
    },

    async listTemplates(config) {
      const list = await api(config).call(
        `${config.businessAccountId}/message_templates`,
        { query: { fields: 'name,status,language,category,components', limit: '200' } },
        cloudTemplatesSchema,
      );
      return cloudTemplates(list);
    },
  };
}
