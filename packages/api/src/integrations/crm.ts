import { z } from 'zod';
import { CRM_PROVIDERS, CRM_STATUSES } from './constants.js';

// CRMs and helpdesks (issue 38 item 3; SPEC §2 /integrations/crms, §7 ticket-integration,
// CRM-contact, conversation update). One settings record per provider and application; secrets are
// written here and never read back. A conversation keeps the links to what was made from it (a
// Zendesk ticket, a CRM contact and its logged activity).

export const crmProviderSchema = z.enum(CRM_PROVIDERS);
export type CrmProvider = z.infer<typeof crmProviderSchema>;

export const crmPath = (provider: CrmProvider) => `/api/integrations/crms/${provider}`;
export const crmTestPath = (provider: CrmProvider) => `/api/integrations/crms/${provider}/test`;
export const crmSyncPath = (groupId: number, provider: CrmProvider) =>
  `/api/conversations/${groupId}/crm/${provider}/sync`;

/** Zendesk's subdomain (`acme` for acme.zendesk.com) or its full address (a proxy, a local server). */
const zendeskSite = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .refine((v) => /^[a-z0-9][a-z0-9-]{0,62}$/i.test(v) || /^https?:\/\//i.test(v), {
    message: 'Enter the subdomain (acme for acme.zendesk.com) or the https:// address.',
  });
const secret = z.string().trim().min(1).max(2000);
const httpUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => /^https?:\/\/[^/]+/i.test(v), { message: 'Enter an https:// address.' });

export const crmSettingsRequestSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('zendesk'),
    subdomain: zendeskSite,
    email: z.email().max(254),
    /** Left out when the settings are saved again: the stored token is kept. */
    apiToken: secret.optional(),
    syncOnResolve: z.boolean().default(false),
  }),
  z.object({
    provider: z.literal('hubspot'),
    accessToken: secret.optional(),
    syncOnResolve: z.boolean().default(true),
  }),
  z.object({
    provider: z.literal('salesforce'),
    instanceUrl: httpUrl,
    /** An access token, or an OAuth connected app's client credentials (then the token is fetched). */
    accessToken: secret.optional(),
    clientId: secret.optional(),
    clientSecret: secret.optional(),
    syncOnResolve: z.boolean().default(true),
  }),
]);
export type CrmSettingsRequest = z.infer<typeof crmSettingsRequestSchema>;

export const crmProviderParamsSchema = z.object({ provider: crmProviderSchema });
export const crmGroupParamsSchema = z.object({ groupId: z.coerce.number().int().positive() });
export const crmSyncParamsSchema = z.object({
  groupId: z.coerce.number().int().positive(),
  provider: z.enum(['hubspot', 'salesforce']),
});

/** One provider as the page shows it: what identifies the account, never a secret. */
export const crmConnectionSchema = z.object({
  provider: crmProviderSchema,
  status: z.enum(CRM_STATUSES),
  /** The account as its admin recognises it (the Zendesk site and e-mail, the Salesforce instance). */
  account: z.string().nullable(),
  /** Salesforce: how it signs in. */
  authKind: z.enum(['token', 'client_credentials']).nullable(),
  /** HubSpot, Salesforce: log every resolved conversation; Zendesk: open a ticket on resolve. */
  syncOnResolve: z.boolean(),
  lastError: z.string().nullable(),
  updatedAt: z.number().nullable(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

export const crmListResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: z.array(crmConnectionSchema),
});
export const crmConnectionResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: crmConnectionSchema,
});
export const crmDeleteResponseSchema = z.object({ code: z.literal('SUCCESS'), message: z.string() });

/** What a conversation has at one provider. */
export const crmLinkSchema = z.object({
  provider: crmProviderSchema,
  /** ticket: a Zendesk ticket; activity: a CRM contact with the conversation logged on it. */
  kind: z.enum(['ticket', 'activity']),
  externalId: z.string(),
  url: z.string().nullable(),
  contactId: z.string().nullable(),
  syncedAt: z.number(),
});
export type CrmLink = z.infer<typeof crmLinkSchema>;

/** SPEC store "zendesk ticket enabled/integrated": Zendesk connected, and this conversation has its ticket. */
export const crmConversationSchema = z.object({
  providers: z.array(z.object({ provider: crmProviderSchema, status: z.enum(CRM_STATUSES) })),
  zendesk: z.object({ enabled: z.boolean(), integrated: z.boolean() }),
  links: z.array(crmLinkSchema),
});
export type CrmConversation = z.infer<typeof crmConversationSchema>;
export const crmConversationResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: crmConversationSchema,
});
export const crmLinkResponseSchema = z.object({ code: z.literal('SUCCESS'), data: crmLinkSchema });
