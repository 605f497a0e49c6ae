import * as z from 'zod/mini';
import { successEnvelope } from '../accounts/index.js';
import type { IntegrationType } from './channels.js';

// WhatsApp message templates (listed per provider, sent in a conversation). Apart from channels.ts:
// the inbox sends templates, and a module goes to one chunk whole, so the hub's connect forms
// would otherwise load with every signed-in page (issue 39).

/** An approved (or pending) WhatsApp message template, as the provider lists it. */
export const whatsAppTemplateSchema = z.object({
  /** The provider's own id of the template when it sends by id (Twilio's Content SID). */
  id: z.optional(z.string()),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
  /** The body's text with its {{n}} placeholders. */
  body: z.string(),
  /** How many {{n}} parameters the body takes. */
  parameterCount: z.number().check(z.int(), z.nonnegative()),
  /** The header, when the template has one: TEXT (its text, maybe with {{1}}), IMAGE, DOCUMENT, VIDEO… */
  header: z.optional(z.object({ format: z.string(), text: z.optional(z.string()) })),
  /**
   * The buttons, in order (a button value names its index): URL (its url, maybe ending in {{1}}),
   * QUICK_REPLY (`payload` when the template fixes it), PHONE_NUMBER…
   */
  buttons: z.optional(
    z.array(
      z.object({
        type: z.string(),
        text: z.string(),
        url: z.optional(z.string()),
        payload: z.optional(z.string()),
      }),
    ),
  ),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** A template header's value: its text's {{1}}, or the public https link of its image, document or video. */
export const whatsAppTemplateHeaderValueSchema = z.discriminatedUnion('type', [
  // WhatsApp caps a header's whole text at 60 characters.
  z.object({ type: z.literal('text'), text: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)) }),
  z.object({
    type: z.enum(['image', 'video']),
    link: z.string().check(z.trim(), z.url(), z.maxLength(2000)),
  }),
  z.object({
    type: z.literal('document'),
    link: z.string().check(z.trim(), z.url(), z.maxLength(2000)),
    filename: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(240))),
  }),
]);
/** A button's value by its index: a URL button's link suffix ({{1}}), a quick reply's payload. */
export const whatsAppTemplateButtonValueSchema = z.discriminatedUnion('type', [
  z.object({
    index: z.number().check(z.int(), z.gte(0), z.lte(9)),
    type: z.literal('url'),
    text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  }),
  z.object({
    index: z.number().check(z.int(), z.gte(0), z.lte(9)),
    type: z.literal('quick_reply'),
    payload: z.string().check(z.trim(), z.minLength(1), z.maxLength(256)),
  }),
]);
export const whatsAppTemplateListResponseSchema = successEnvelope(z.array(whatsAppTemplateSchema));

/** Sends an approved template in a WhatsApp conversation (allowed outside the 24-hour window). */
export const whatsAppTemplateSendRequestSchema = z.object({
  groupId: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(512)),
  language: z.string().check(z.trim(), z.minLength(2), z.maxLength(15)),
  parameters: z._default(
    z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(1024))).check(z.maxLength(20)),
    [],
  ),
  header: z.optional(whatsAppTemplateHeaderValueSchema),
  buttons: z._default(z.array(whatsAppTemplateButtonValueSchema).check(z.maxLength(10)), []),
});
export type WhatsAppTemplateSendRequest = z.input<typeof whatsAppTemplateSendRequestSchema>;
export const whatsAppTemplateSendResponseSchema = successEnvelope(
  z.object({ messageId: z.number().check(z.int()), text: z.string() }),
);

/** The WhatsApp providers' integration types: each lists its templates and sends them. */
export const WHATSAPP_INTEGRATION_TYPES = [
  'whatsapp-cloud-api',
  'whatsapp-twilio',
  'whatsapp-dialog360',
  'whatsapp-gallabox',
] as const satisfies readonly IntegrationType[];
export type WhatsAppIntegrationType = (typeof WHATSAPP_INTEGRATION_TYPES)[number];
export const whatsAppTemplateParamsSchema = z.object({ type: z.enum(WHATSAPP_INTEGRATION_TYPES) });

export const whatsAppTemplatesPath = (type: WhatsAppIntegrationType) => `/api/integrations/${type}/templates`;
