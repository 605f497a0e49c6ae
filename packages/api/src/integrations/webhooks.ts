import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_RESERVED_HEADERS } from './constants.js';

// Product API (/api/settings/webhooks…) for outgoing webhooks (Settings → Webhooks & Security), and
// the body a receiver gets: the documented Kommunicate message webhook (applozic-api.md §6).

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Only http and https; private and loopback hosts are allowed (self-hosted installs). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Give an http:// or https:// URL.' }));

const eventsSchema = z
  .array(webhookEventSchema)
  .min(1)
  .max(WEBHOOK_EVENTS.length * 2)
  .transform((events) => [...new Set(events)]);

export const webhookCreateRequestSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema.optional(),
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequestSchema>;

export const webhookUpdateRequestSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    enabled: z.boolean().optional(),
    events: eventsSchema.optional(),
  })
  .refine((b) => b.url !== undefined || b.enabled !== undefined || b.events !== undefined, {
    message: 'Give url, enabled or events.',
  });
export type WebhookUpdateRequest = z.input<typeof webhookUpdateRequestSchema>;

export const webhookIdParamsSchema = z.object({ id: z.uuid() });

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The last 4 characters of the secret, to tell secrets apart; the secret itself is shown once. */
  secretHint: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Creation and rotation answer the secret once; it is never readable again. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListResponseSchema = successEnvelope(z.array(webhookSchema));
export const webhookResponseSchema = successEnvelope(webhookSchema);
export const webhookWithSecretResponseSchema = successEnvelope(webhookWithSecretSchema);
export const webhookDeleteResponseSchema = messageResponseSchema;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventType: z.string(),
  messageId: z.number().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const webhookDeliveriesResponseSchema = successEnvelope(z.array(webhookDeliverySchema));

/** The attachment part of a message webhook, when the message carries a file. */
export const messageWebhookFileSchema = z.object({
  name: z.string().nullable(),
  url: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
});

/** The Kommunicate message webhook body, keys in the documented order. */
export const messageWebhookBodySchema = z.object({
  key: z.string(),
  from: z.string().nullable(),
  groupId: z.number(),
  clientGroupId: z.string(),
  groupName: z.string(),
  message: z.string(),
  timeStamp: z.number(),
  receiverConnected: z.boolean(),
  receiverLastSeenAtTime: z.number().nullable(),
  file: messageWebhookFileSchema.optional(),
  metadata: z.record(z.string(), z.unknown()),
});
export type MessageWebhookBody = z.infer<typeof messageWebhookBodySchema>;

const headerNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the header a name.')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'A header name has letters, digits and dashes only.')
  .refine((name) => !(WEBHOOK_RESERVED_HEADERS as readonly string[]).includes(name.toLowerCase()), {
    message: 'This header is set by the product itself: choose another name.',
  });

/** Settings → Webhooks security: what every delivery of the application carries and where it may go. */
export const webhookSecuritySchema = z.object({
  /** Only https:// webhook URLs are accepted (and kept). */
  requireHttps: z.boolean(),
  /** A header sent with every delivery, e.g. Authorization for a receiver behind basic auth. */
  authHeaderName: z.string().nullable(),
  /** The last 4 characters of that header's value; the value is stored encrypted and never returned. */
  authHeaderHint: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type WebhookSecurity = z.infer<typeof webhookSecuritySchema>;

export const webhookSecurityUpdateSchema = z
  .object({
    requireHttps: z.boolean().optional(),
    /** A new header (name and value); null removes it; absent keeps it. */
    authHeader: z
      .object({
        name: headerNameSchema,
        value: z
          .string()
          .min(1, 'Give the header a value.')
          .max(1024)
          .regex(/^[\x20-\x7e]+$/, 'A header value has printable ASCII characters only.'),
      })
      .nullable()
      .optional(),
  })
  .refine((b) => b.requireHttps !== undefined || b.authHeader !== undefined, {
    message: 'Give requireHttps or authHeader.',
  });
export type WebhookSecurityUpdate = z.input<typeof webhookSecurityUpdateSchema>;
export const webhookSecurityResponseSchema = successEnvelope(webhookSecuritySchema);
