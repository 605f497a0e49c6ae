import { type WhatsAppTemplate, whatsAppTwilioConnectRequestSchema } from '@convo/api';
import { addWhatsAppPrefix, stripWhatsAppPrefix, templateParameterCount } from '@convo/domain';
import { z } from 'zod';
import {
  type ChannelConnector,
  ChannelProviderError,
  type DeliveryStatusUpdate,
  type InboundMessage,
} from '../connector.js';
import {
  downloadTwilioFile,
  twilioProviderError as providerError,
  twilioClientFactory,
  verifyTwilioSignature,
} from '../twilio/sdk.js';
import { type TemplateSource, templateOf } from '../whatsapp/template-ref.js';

// WhatsApp through Twilio (https://www.twilio.com/docs/whatsapp/api), with Twilio's own SDK:
// replies are Message resources created from the WhatsApp sender number (`whatsapp:+…` on both
// sides, SPEC §5: the prefix is added on send and removed on read); a template goes out as a
// Content API item (ContentSid + ContentVariables, numbered across header, body and buttons). Twilio posts inbound messages and status
// callbacks form-encoded, signed with X-Twilio-Signature over the exact URL it was given: the
// webhook URL is kept with the account, and each send names it as its status callback. Twilio
// answers errors as `{ code, message, more_info, status }` (RestException in the SDK).

/** How far the provider's clock may be behind ours when a lost send is looked up. */
const CLOCK_SKEW_MS = 60_000;

const configSchema = z.object({
  accountSid: z.string().min(1),
  authToken: z.string().min(1),
  /** The WhatsApp sender number, E.164 without the prefix. */
  from: z.string().min(1),
  /** Our webhook URL as Twilio signs it. */
  webhookUrl: z.string().url(),
});
export type WhatsAppTwilioConfig = z.infer<typeof configSchema>;

type TwilioInput = z.input<typeof whatsAppTwilioConnectRequestSchema>;

/** What Twilio posts: an inbound message or a status callback (all values are strings). */
const webhookSchema = z.object({
  MessageSid: z.string().min(1),
  From: z.string(),
  To: z.string(),
  Body: z.string().default(''),
  NumMedia: z.coerce.number().int().nonnegative().default(0),
  MediaUrl0: z.string().url().optional(),
  MediaContentType0: z.string().optional(),
  ProfileName: z.string().optional(),
  MessageStatus: z.string().optional(),
  ErrorCode: z.string().optional(),
  ErrorMessage: z.string().optional(),
});

const contentSchema = z.object({
  sid: z.string(),
  friendlyName: z.string(),
  language: z.string(),
  types: z.record(z.string(), z.unknown()),
  approvalRequests: z
    .object({ status: z.string().optional(), category: z.string().optional() })
    .passthrough()
    .nullish(),
});

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
};

const contentActionsSchema = z.object({
  actions: z.array(
    z.object({
      type: z.string().default('QUICK_REPLY'),
      title: z.string(),
      url: z.string().optional(),
      id: z.string().optional(),
    }),
  ),
});

/** The first of a Content item's types (twilio/text first) that has this field. */
function contentField<T>(types: Record<string, unknown>, schema: z.ZodType<T>): T | undefined {
  for (const candidate of [types['twilio/text'], ...Object.values(types)]) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * What a Content item shows as a template: its body, the header text of a whatsapp/card and the
 * actions (buttons) of a card, call-to-action or quick-reply type. Twilio numbers variables
 * across all of them; a quick reply's id is fixed by the item. Media URLs are the item's own.
 */
function contentComponents(
  types: Record<string, unknown>,
): Pick<WhatsAppTemplate, 'body' | 'parameterCount' | 'header' | 'buttons'> {
  const body = contentField(types, z.object({ body: z.string() }))?.body ?? '';
  const header = contentField(types, z.object({ header_text: z.string() }))?.header_text;
  const actions = contentField(types, contentActionsSchema)?.actions ?? [];
  return {
    body,
    parameterCount: templateParameterCount(body),
    ...(header !== undefined ? { header: { format: 'TEXT', text: header } } : {}),
    ...(actions.length > 0
      ? {
          buttons: actions.map((a) => ({
            type: a.type.toUpperCase(),
            text: a.title,
            ...(a.url !== undefined ? { url: a.url } : {}),
            ...(a.id !== undefined ? { payload: a.id } : {}),
          })),
        }
      : {}),
  };
}

export type WhatsAppTwilioConnector = ChannelConnector<WhatsAppTwilioConfig, TwilioInput> &
  TemplateSource<WhatsAppTwilioConfig>;

/** `apiUrl`: every Twilio host goes there (a local fake); undefined: Twilio's own. */
export function whatsAppTwilioConnector(apiUrl: string | undefined): WhatsAppTwilioConnector {
  const client = twilioClientFactory(apiUrl);

  /** Deliveries for this account's sender number only. */
  const deliveryOf = (body: unknown, config: WhatsAppTwilioConfig) => {
    const parsed = webhookSchema.safeParse(body);
    if (!parsed.success) return null;
    return stripWhatsAppPrefix(parsed.data.To) === config.from ||
      stripWhatsAppPrefix(parsed.data.From) === config.from
      ? parsed.data
      : null;
  };

  const media = (config: WhatsAppTwilioConfig, url: string, declaredType: string | undefined) => ({
    kind: declaredType?.startsWith('image/') ? ('image' as const) : ('file' as const),
    async fetch() {
      // Twilio's media URLs are on api.twilio.com (HTTP basic auth), redirecting to its CDN.
      const res = await downloadTwilioFile(apiUrl, config, url, 'media');
      const contentType = res.contentType ?? declaredType ?? 'application/octet-stream';
      return {
        bytes: res.bytes,
        contentType,
        name: `${contentType.startsWith('image/') ? 'image' : 'file'}.${EXTENSION_OF[contentType] ?? 'bin'}`,
      };
    },
  });

  return {
    kind: 'whatsapp-twilio',
    configSchema,
    webhookReply: {
      // An empty TwiML answer: Twilio sends nothing back to the customer and logs no warning.
      contentType: 'text/xml; charset=utf-8',
      body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    },

    async connect(input, webhook) {
      const request = whatsAppTwilioConnectRequestSchema.parse(input);
      let friendlyName: string;
      try {
        const account = await client(request).api.v2010.accounts(request.accountSid).fetch();
        friendlyName = account.friendlyName;
      } catch (err) {
        throw providerError(err);
      }
      // Twilio has no API to point a WhatsApp sender's inbound webhook at us: the admin pastes
      // the hub's webhook URL into the sender's settings; status callbacks are named per send.
      return {
        config: {
          accountSid: request.accountSid,
          authToken: request.authToken,
          from: request.whatsAppNumber,
          webhookUrl: webhook.url,
        },
        displayName: `${friendlyName} ${request.whatsAppNumber}`.trim(),
      };
    },

    async disconnect() {
      // Nothing of ours is set at Twilio (the sender's webhook is the admin's to change).
    },

    verify(headers, config, rawBody) {
      return verifyTwilioSignature(headers, config.authToken, config.webhookUrl, rawBody);
    },

    parseInbound(body, config) {
      const delivery = deliveryOf(body, config);
      // A status callback carries MessageStatus; an inbound message does not.
      if (!delivery || delivery.MessageStatus !== undefined || !delivery.From.startsWith('whatsapp:'))
        return [];
      const customer = stripWhatsAppPrefix(delivery.From);
      const more = delivery.NumMedia > 1 ? delivery.NumMedia - 1 : 0;
      const note =
        more > 0 ? `[The customer sent ${more} more file(s), which this channel does not show.]` : '';
      const message: InboundMessage = {
        externalUserId: customer,
        displayName: delivery.ProfileName || customer,
        externalMessageId: delivery.MessageSid,
        text: [delivery.Body, note].filter((t) => t !== '').join('\n'),
        media:
          delivery.NumMedia > 0 && delivery.MediaUrl0
            ? media(config, delivery.MediaUrl0, delivery.MediaContentType0)
            : undefined,
      };
      return [message];
    },

    parseStatuses(body, config) {
      const delivery = deliveryOf(body, config);
      const status = delivery?.MessageStatus;
      if (!delivery || !status) return [];
      const mapped: DeliveryStatusUpdate['status'] | null =
        status === 'delivered' || status === 'read'
          ? status
          : status === 'failed' || status === 'undelivered'
            ? 'failed'
            : null;
      if (mapped === null) return [];
      const error =
        mapped === 'failed'
          ? `Twilio ${delivery.ErrorCode ?? ''} ${status}${delivery.ErrorMessage ? `: ${delivery.ErrorMessage}` : ''}`.replace(
              /\s+/g,
              ' ',
            )
          : undefined;
      return [
        {
          externalUserId: stripWhatsAppPrefix(delivery.To),
          externalMessageId: delivery.MessageSid,
          status: mapped,
          error,
        },
      ];
    },

    async send(outbound, config) {
      const base = {
        from: addWhatsAppPrefix(config.from),
        to: addWhatsAppPrefix(outbound.externalUserId),
        statusCallback: config.webhookUrl,
      };
      const template = templateOf(outbound);
      let params: Parameters<ReturnType<typeof client>['messages']['create']>[0];
      if (template) {
        if (!template.id)
          throw new ChannelProviderError(
            'Twilio sends a template by its Content SID; pick the template again.',
            false,
          );
        params = {
          ...base,
          contentSid: template.id,
          contentVariables: JSON.stringify(
            // A reply stored before header and button values came has its body's values only.
            template.variables ??
              Object.fromEntries(template.parameters.map((value, i) => [String(i + 1), value])),
          ),
        };
      } else if (outbound.file) {
        // Twilio fetches a reply's file by URL: our signed public link to it.
        if (!outbound.file.url)
          throw new ChannelProviderError('Twilio needs a public URL of the file (set PUBLIC_URL).', false);
        params = {
          ...base,
          mediaUrl: [outbound.file.url],
          ...(outbound.text.trim() === '' ? {} : { body: outbound.text.slice(0, 1600) }),
        };
      } else {
        params = { ...base, body: outbound.text.slice(0, 1600) };
      }
      try {
        const message = await client(config).messages.create(params);
        return { externalId: message.sid };
      } catch (err) {
        throw providerError(err);
      }
    },

    // Twilio lists the Messages an account sent (newest first), filtered by To and From: a
    // campaign send whose answer was lost is looked up there rather than sent again. A message
    // created after `since` (a minute of clock skew allowed) with the same text counts as it;
    // a template's rendered body is Twilio's to write, so for a template the time alone decides.
    async findSent(query, config) {
      const from = Math.floor(query.since.getTime() / 1000) * 1000 - CLOCK_SKEW_MS;
      try {
        const recent = await client(config).messages.list({
          to: addWhatsAppPrefix(query.externalUserId),
          from: addWhatsAppPrefix(config.from),
          limit: 20,
        });
        const hit = recent.find(
          (m) =>
            m.direction.startsWith('outbound') &&
            m.dateCreated.getTime() >= from &&
            (query.text === null || m.body === query.text.slice(0, 1600)),
        );
        return hit ? { externalId: hit.sid } : null;
      } catch (err) {
        throw providerError(err);
      }
    },

    variablesAcrossTemplate: true,

    async listTemplates(config): Promise<WhatsAppTemplate[]> {
      let items: unknown[];
      try {
        items = await client(config).content.v1.contentAndApprovals.list({ limit: 500 });
      } catch (err) {
        throw providerError(err);
      }
      return items.flatMap((item) => {
        const parsed = contentSchema.safeParse(item);
        if (!parsed.success) return [];
        const c = parsed.data;
        return [
          {
            id: c.sid,
            name: c.friendlyName,
            language: c.language,
            status: (c.approvalRequests?.status ?? 'unsubmitted').toUpperCase(),
            category: (c.approvalRequests?.category ?? '').toUpperCase(),
            ...contentComponents(c.types),
          },
        ];
      });
    },
  };
}
