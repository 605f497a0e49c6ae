import { z } from 'zod';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';
import {
  AUTOMATION_DELIVERY_STATUSES,
  AUTOMATION_TRIGGERS,
  AUTOMATION_USAGE_PAGE_SIZE,
} from './automation-constants.js';

export * from './automation-constants.js';

// The automation connector (issue 38 item 4): REST hooks as Zapier, Make and n8n expect them.
// The dashboard manages the API key, the subscriptions and the usage table with a member's token;
// the automation platform subscribes, unsubscribes and runs actions with the API key (X-Api-Key).
// The platform's answers are plain JSON objects (what those platforms read), errors are
// { code, message } as everywhere.

export const automationTriggerSchema = z.enum(AUTOMATION_TRIGGERS);

/** Only http and https; private and loopback hosts are refused unless OUTBOUND_ALLOW names them. */
export const automationTargetUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Give an http:// or https:// URL.' }));

// Dashboard ----------------------------------------------------------------------------------

export const automationKeySchema = z.object({
  /** Whether the application has an API key at all. */
  configured: z.boolean(),
  /** The key's last four characters (the key itself is shown once, when made). */
  hint: z.string().nullable(),
  createdAt: z.number().nullable(),
  /** The member the key acts as (its actions are theirs). */
  createdBy: z.string().nullable(),
});
export type AutomationKey = z.infer<typeof automationKeySchema>;
export const automationKeyResponseSchema = successEnvelope(automationKeySchema);

/** The answer of making or rotating the key: the only time the key and the signing secret leave the server. */
export const automationNewKeySchema = automationKeySchema.extend({
  apiKey: z.string(),
  signingSecret: z.string(),
});
export type AutomationNewKey = z.infer<typeof automationNewKeySchema>;
export const automationNewKeyResponseSchema = successEnvelope(automationNewKeySchema);

export const automationHookSchema = z.object({
  id: z.string(),
  event: automationTriggerSchema,
  targetUrl: z.string(),
  createdAt: z.number(),
});
export type AutomationHook = z.infer<typeof automationHookSchema>;
export const automationHookListResponseSchema = successEnvelope(z.array(automationHookSchema));
export const automationHookIdParamsSchema = z.object({ id: z.uuid() });
export const automationHookDeleteResponseSchema = messageResponseSchema;

export const automationDeliverySchema = z.object({
  id: z.string(),
  /** null once the hook was unsubscribed (the row stays in the usage table). */
  hookId: z.string().nullable(),
  event: automationTriggerSchema,
  targetUrl: z.string(),
  status: z.enum(AUTOMATION_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type AutomationDelivery = z.infer<typeof automationDeliverySchema>;

export const automationUsageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(AUTOMATION_USAGE_PAGE_SIZE),
});
export const automationUsageSchema = z.object({
  items: z.array(automationDeliverySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Every delivery of the application by outcome. */
  summary: z.object({ delivered: z.number(), failed: z.number(), pending: z.number() }),
});
export type AutomationUsage = z.infer<typeof automationUsageSchema>;
export const automationUsageResponseSchema = successEnvelope(automationUsageSchema);

// The automation platform's API ------------------------------------------------------------------

export const automationMeSchema = z.object({ applicationId: z.string(), name: z.string() });

export const automationSubscribeRequestSchema = z.object({
  event: automationTriggerSchema,
  targetUrl: automationTargetUrlSchema,
});
export type AutomationSubscribeRequest = z.input<typeof automationSubscribeRequestSchema>;
export const automationSubscribeResponseSchema = automationHookSchema;
export const automationUnsubscribeResponseSchema = z.object({
  id: z.string(),
  unsubscribed: z.literal(true),
});
export const automationSampleParamsSchema = z.object({ event: automationTriggerSchema });

const conversationDataSchema = z.object({
  groupId: z.number(),
  clientGroupId: z.string(),
  name: z.string(),
  status: z.number(),
  /** The customer's and the assignee's user ids. */
  customer: z.string().nullable(),
  assignee: z.string().nullable(),
  createdAt: z.number(),
});
const messageDataSchema = z.object({
  key: z.string(),
  groupId: z.number(),
  clientGroupId: z.string(),
  from: z.string().nullable(),
  message: z.string(),
  contentType: z.number(),
  createdAt: z.number(),
});
const csatDataSchema = z.object({
  groupId: z.number(),
  clientGroupId: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  customer: z.string().nullable(),
});
const userDataSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.number(),
});

/** The body of every delivery: what happened, when, and its data (shape per event). */
export const automationDeliveryBodySchema = z.discriminatedUnion('event', [
  z.object({
    id: z.string(),
    event: z.literal('conversation.created'),
    createdAt: z.number(),
    data: conversationDataSchema,
  }),
  z.object({
    id: z.string(),
    event: z.literal('conversation.resolved'),
    createdAt: z.number(),
    data: conversationDataSchema,
  }),
  z.object({
    id: z.string(),
    event: z.literal('message.created'),
    createdAt: z.number(),
    data: messageDataSchema,
  }),
  z.object({
    id: z.string(),
    event: z.literal('csat.received'),
    createdAt: z.number(),
    data: csatDataSchema,
  }),
  z.object({ id: z.string(), event: z.literal('user.created'), createdAt: z.number(), data: userDataSchema }),
]);
export type AutomationDeliveryBody = z.infer<typeof automationDeliveryBodySchema>;
/** A trigger's sample (Zapier's "perform list"): one made-up delivery body, in a list. */
export const automationSampleResponseSchema = z.array(automationDeliveryBodySchema);

export const automationSendMessageRequestSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  message: z.string().trim().min(1).max(10_000),
  /** The client key: a retried action with the same key stores the message once. */
  key: z.string().trim().min(1).max(100).optional(),
});
export const automationSendMessageResponseSchema = z.object({
  key: z.string(),
  groupId: z.number(),
  createdAt: z.number(),
});

export const automationCreateUserRequestSchema = z.object({
  userId: z.string().trim().min(1).max(200),
  displayName: z.string().trim().min(1).max(200).optional(),
  email: z.email().max(320).optional(),
});
export const automationCreateUserResponseSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
});

export const automationAddTagRequestSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  tag: z.string().trim().min(1).max(100),
});
export const automationAddTagResponseSchema = z.object({ groupId: z.number(), tags: z.array(z.string()) });

export const automationAssignRequestSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  /** The member's user id (their sign-in name). */
  assignee: z.string().trim().min(1).max(200),
});
export const automationAssignResponseSchema = z.object({ groupId: z.number(), assignee: z.string() });
