import {
  CAMPAIGN_PLATFORMS,
  CAMPAIGN_RECIPIENT_STATUSES,
  CAMPAIGN_STATUSES,
  WHATSAPP_PROVIDERS,
} from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import {
  integrationTypeSchema,
  whatsAppTemplateButtonValueSchema,
  whatsAppTemplateHeaderValueSchema,
  whatsAppTemplateSchema,
} from '../channels/index.js';
import { platformOk } from '../messaging/index.js';
import { jsonLength, queryBooleanSchema } from '../shared/index.js';
import { MAX_CAMPAIGN_DRAFT_PLATFORMS_BYTES, MAX_CAMPAIGN_SELECTED_USERS } from './constants.js';

// Campaigns (SPEC §7 messaging side: POST message/campaign/send, GET campaign/list (page, limit),
// GET campaign/users (campaignId, filter, blob); SPEC §3 campaign state per platform). A platform
// present in `platforms` is a checked one: its payload is required (SPEC §5).

export const campaignPlatformSchema = z.enum(CAMPAIGN_PLATFORMS);
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export const campaignRecipientStatusSchema = z.enum(CAMPAIGN_RECIPIENT_STATUSES);
export const whatsAppProviderSchema = z.enum(
  Object.values(WHATSAPP_PROVIDERS) as [
    (typeof WHATSAPP_PROVIDERS)[keyof typeof WHATSAPP_PROVIDERS],
    ...(typeof WHATSAPP_PROVIDERS)[keyof typeof WHATSAPP_PROVIDERS][],
  ],
);

/** SPEC §3 image {fileMeta, fileName, message}: an uploaded attachment's key and its caption. */
export const campaignImageSchema = z.object({
  fileMeta: z.object({ key: z.string().trim().min(1).max(200) }),
  fileName: z.string().trim().max(240).default(''),
  message: z.string().max(1024).default(''),
});

/** The text editor's message (SPEC §3 editorType 1 text, 2 rich: text with an image). */
const textMessage = {
  editorType: z.union([z.literal(1), z.literal(2)]).default(1),
  textValue: z.string().max(4096).default(''),
  image: campaignImageSchema.optional(),
};
const needsText = (m: { textValue: string; image?: unknown }) =>
  m.textValue.trim() !== '' || m.image !== undefined;
const TEXT_NEEDED = { message: 'Write the message (or add an image) for this platform.' };

export const campaignWhatsAppSchema = z.object({
  selectedProvider: whatsAppProviderSchema,
  /** The template's name; WhatsApp campaigns are business-initiated: approved templates only. */
  selectedTemplate: z.string().trim().min(1).max(512),
  selectedTemplateData: z.object({
    language: z.string().trim().min(2).max(15),
    parameters: z.array(z.string().trim().min(1).max(1024)).max(20).default([]),
    header: z.optional(whatsAppTemplateHeaderValueSchema),
    buttons: z.array(whatsAppTemplateButtonValueSchema).max(10).default([]),
  }),
  platformName: z.string().max(100).optional(),
  msgPxyPayload: z.unknown().optional(),
});
export const campaignPageMessageSchema = z
  .object({ selectedPage: z.string().trim().min(1).max(100), ...textMessage })
  .refine(needsText, TEXT_NEEDED);
export const campaignTelegramSchema = z
  .object({ selectedToken: z.string().trim().min(1).max(100), ...textMessage })
  .refine(needsText, TEXT_NEEDED);
export const campaignViberSchema = z
  .object({
    ...textMessage,
    msgPxyPayload: z.unknown().optional(),
    channelAssignee: z.string().trim().max(190).optional(),
  })
  .refine(needsText, TEXT_NEEDED);
export const campaignSlackSchema = z.object(textMessage).refine(needsText, TEXT_NEEDED);

export const campaignPlatformsSchema = z
  .object({
    whatsApp: campaignWhatsAppSchema.optional(),
    facebook: campaignPageMessageSchema.optional(),
    instagram: campaignPageMessageSchema.optional(),
    telegram: campaignTelegramSchema.optional(),
    viber: campaignViberSchema.optional(),
    slack: campaignSlackSchema.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Pick at least one platform.' });
export type CampaignPlatforms = z.infer<typeof campaignPlatformsSchema>;

/** The audience filter: the users list's search and last-seen window. */
export const campaignAudienceFilterSchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** Seen (signed in or wrote) within this many days. */
  lastSeenWithinDays: z.number().int().min(1).max(3650).optional(),
  /** A customer attribute (user details) that must hold this value. */
  attribute: z
    .object({ key: z.string().trim().min(1).max(100), value: z.string().trim().max(500) })
    .optional(),
});

export const campaignSendRequestSchema = z
  .object({
    name: z.string().trim().max(120).default(''),
    /** The form's key: a send pressed twice carries the same one and creates one campaign. */
    clientKey: z.string().trim().min(8).max(100).optional(),
    platforms: campaignPlatformsSchema,
    /** The selected users (SPEC §3 selected usernames); ignored with sendMessageToAll. */
    userIds: z.array(z.string().trim().min(1).max(190)).max(MAX_CAMPAIGN_SELECTED_USERS).default([]),
    /** SPEC §3 sendMessageToAll: every user the filter matches. */
    sendMessageToAll: z.boolean().default(false),
    filter: campaignAudienceFilterSchema.default({}),
    /** Who the conversations that replies open are assigned to: a member (user id) or a team. */
    groupAssignee: z.string().trim().min(1).max(190).optional(),
    groupAssigneeTeam: z.string().trim().min(1).max(190).optional(),
    /** Send later (epoch ms); now when absent or past. */
    scheduledAt: z.number().int().positive().optional(),
    /** Checks everything and counts the audience; stores and sends nothing. */
    dryRun: z.boolean().default(false),
    /** Sends this saved draft: the campaign keeps the draft's id and the draft is gone. */
    draftId: z.string().uuid().optional(),
  })
  .refine((r) => r.sendMessageToAll || r.userIds.length > 0, {
    message: 'Select at least one recipient.',
    path: ['userIds'],
  })
  .refine((r) => !(r.groupAssignee && r.groupAssigneeTeam), {
    message: 'Assign replies to a member or to a team, not both.',
    path: ['groupAssigneeTeam'],
  });
export type CampaignSendRequest = z.input<typeof campaignSendRequestSchema>;

export const campaignSendResultSchema = z.object({
  /** Null on a dry run. */
  campaignId: z.string().nullable(),
  status: campaignStatusSchema.nullable(),
  /** Recipients the campaign goes to. */
  total: z.number().int(),
  /** Left out: the customer opted out of campaigns. */
  optedOut: z.number().int(),
  /** Left out: not reachable on any checked platform. */
  unreachable: z.number().int(),
  /** True when this send's clientKey had already created the campaign (nothing new was sent). */
  duplicate: z.boolean(),
});
export type CampaignSendResult = z.infer<typeof campaignSendResultSchema>;
export const campaignSendResponseSchema = platformOk(campaignSendResultSchema);

export const campaignPlatformProgressSchema = z.object({
  platform: campaignPlatformSchema,
  total: z.number().int(),
  sent: z.number().int(),
  /** Of the sent: the provider says they reached the customer (read ones included). */
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
});

export const campaignSummarySchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  status: campaignStatusSchema,
  platforms: z.array(campaignPlatformSchema),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  optedOut: z.number().int(),
  progress: z.array(campaignPlatformProgressSchema),
  groupAssignee: z.string().nullable(),
  groupAssigneeTeam: z.string().nullable(),
  scheduledAt: z.number().nullable(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** Only campaigns in this status (`draft`: the saved drafts). */
  status: campaignStatusSchema.optional(),
});
export const campaignListSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  campaigns: z.array(campaignSummarySchema),
});
export type CampaignList = z.infer<typeof campaignListSchema>;
export const campaignListResponseSchema = platformOk(campaignListSchema);

/**
 * SPEC §7 campaign/users: without campaignId the application's users a campaign may go to
 * (paged by 20, `filter` searches name, id and e-mail); with it that campaign's recipients and
 * their results; `blob` answers the recipients' results as a CSV file.
 */
export const campaignUsersQuerySchema = z.object({
  campaignId: z.string().uuid().optional(),
  filter: z.string().trim().max(100).optional(),
  blob: z._default(queryBooleanSchema, false),
  /** SPEC §3 currentPage, from 1. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  lastSeenWithinDays: z.coerce.number().int().min(1).max(3650).optional(),
  /** A customer attribute and the value it must hold (both or neither). */
  attributeKey: z.string().trim().min(1).max(100).optional(),
  attributeValue: z.string().trim().max(500).optional(),
});
export type CampaignUsersQuery = z.input<typeof campaignUsersQuerySchema>;

export const campaignUserSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  contactNumber: z.string().nullable(),
  /** SPEC §3 lastSeenTime (epoch ms), null when never seen. */
  lastSeenTime: z.number().nullable(),
  /** The channel the customer wrote in on, if any (telegram, whatsapp-cloud-api…). */
  channel: z.string().nullable(),
  optedOut: z.boolean(),
  /** A campaign's recipient: its result. */
  status: campaignRecipientStatusSchema.optional(),
  platform: campaignPlatformSchema.optional(),
  error: z.string().nullable().optional(),
  sentAt: z.number().nullable().optional(),
  /** What the provider said after the send: delivered or read (null: nothing yet). */
  receipt: z.enum(['delivered', 'read']).nullable().optional(),
});
export type CampaignUser = z.infer<typeof campaignUserSchema>;

export const campaignUsersSchema = z.object({
  currentPage: z.number().int(),
  /** Pages in all. */
  pageNumber: z.number().int(),
  /** SPEC §3 initial 0, final 20: the page's window in the list. */
  initial: z.number().int(),
  final: z.number().int(),
  total: z.number().int(),
  totalUserCount: z.number().int(),
  /** Users the filter matches who opted out of campaigns (left out of a send to all). */
  optedOutCount: z.number().int(),
  result: z.array(campaignUserSchema),
});
export type CampaignUsers = z.infer<typeof campaignUsersSchema>;
export const campaignUsersResponseSchema = platformOk(campaignUsersSchema);

export const campaignCancelQuerySchema = z.object({ campaignId: z.string().uuid() });
export const campaignCancelResponseSchema = platformOk(campaignSummarySchema);

export const campaignOptOutParamsSchema = z.object({ userId: z.string().trim().min(1).max(190) });
export const campaignOptOutRequestSchema = z.object({ optedOut: z.boolean() });
export const campaignOptOutResponseSchema = successEnvelope(
  z.object({ userId: z.string(), optedOut: z.boolean() }),
);

/** A connected account a campaign can send from: `name` is what selectedPage / selectedToken name. */
export const campaignSenderSchema = z.object({
  platform: campaignPlatformSchema,
  channel: integrationTypeSchema,
  /** The WhatsApp provider (SPEC §3 selectedProvider), for WhatsApp accounts. */
  provider: whatsAppProviderSchema.nullable(),
  name: z.string(),
  status: z.string(),
});
export type CampaignSender = z.infer<typeof campaignSenderSchema>;
export const campaignSendersResponseSchema = platformOk(z.array(campaignSenderSchema));

export const campaignTemplatesQuerySchema = z.object({ provider: whatsAppProviderSchema });
export const campaignTemplatesResponseSchema = platformOk(z.array(whatsAppTemplateSchema));

/**
 * A campaign saved without sending: the form as it stands. Unlike a send, nothing has to be
 * complete yet (a platform may be checked before its message is written, no recipient picked);
 * sending it (message/campaign/send with draftId) checks everything as any send does.
 */
export const campaignDraftFormSchema = z.object({
  name: z.string().trim().max(120).default(''),
  /** Per checked platform, what its form holds so far (the send's shapes once complete). */
  platforms: z
    .partialRecord(campaignPlatformSchema, z.record(z.string(), z.unknown()))
    .default({})
    .refine((p) => jsonLength(p) <= MAX_CAMPAIGN_DRAFT_PLATFORMS_BYTES, {
      message: 'The draft is too large.',
    }),
  userIds: z.array(z.string().trim().min(1).max(190)).max(MAX_CAMPAIGN_SELECTED_USERS).default([]),
  sendMessageToAll: z.boolean().default(false),
  filter: campaignAudienceFilterSchema.default({}),
  groupAssignee: z.string().trim().min(1).max(190).optional(),
  groupAssigneeTeam: z.string().trim().min(1).max(190).optional(),
  scheduledAt: z.number().int().positive().optional(),
});
export type CampaignDraftForm = z.infer<typeof campaignDraftFormSchema>;

export const campaignDraftRequestSchema = campaignDraftFormSchema.extend({
  /** The draft to update; absent: a new draft. */
  campaignId: z.string().uuid().optional(),
});
export type CampaignDraftRequest = z.input<typeof campaignDraftRequestSchema>;

export const campaignDraftSchema = z.object({
  campaignId: z.string(),
  status: z.literal('draft'),
  form: campaignDraftFormSchema,
  createdAt: z.number().int(),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;
export const campaignDraftResponseSchema = platformOk(campaignDraftSchema);
export const campaignDraftQuerySchema = z.object({ campaignId: z.string().uuid() });
/** A deleted draft: gone for good (it had no recipients and nothing was sent). */
export const campaignDraftDeletedSchema = z.object({ campaignId: z.string(), deleted: z.literal(true) });
export type CampaignDraftDeleted = z.infer<typeof campaignDraftDeletedSchema>;
export const campaignDraftDeleteResponseSchema = platformOk(campaignDraftDeletedSchema);
