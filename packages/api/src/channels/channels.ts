import type { FeatureKey } from '@convo/domain';
import * as z from 'zod/mini';
import { messageResponseSchema, successEnvelope } from '../accounts/index.js';
import {
  INTEGRATION_CATEGORIES,
  INTEGRATION_STATUSES,
  INTEGRATION_TYPES,
  type IntegrationCategory,
  MAX_VOICE_AGENT_NUMBERS,
} from './constants.js';

// Product API of the integrations hub (SPEC §2 /integrations, §7 integration settings POST, GET
// detail, DELETE, enable/disable through the status path segment) and the channels' public
// inbound webhooks. Credentials go in, never out: no response carries a token or secret.

export const integrationTypeSchema = z.enum(INTEGRATION_TYPES);
export type IntegrationType = z.infer<typeof integrationTypeSchema>;

export const INTEGRATION_CATEGORY_OF: Readonly<Record<IntegrationType, IntegrationCategory>> = {
  telegram: 'messaging',
  line: 'messaging',
  viber: 'messaging',
  'whatsapp-cloud-api': 'messaging',
  'whatsapp-twilio': 'messaging',
  'whatsapp-dialog360': 'messaging',
  'whatsapp-gallabox': 'messaging',
  facebook: 'messaging',
  instagram: 'messaging',
  email: 'email',
  'voice-twilio': 'voice',
  slack: 'messaging',
};

/**
 * The SPEC §6 plan feature that connecting (or enabling) each integration needs: the WhatsApp
 * providers are `whatsapp`, Facebook and Instagram `socialChannels`, the e-mail channel `mailbox`,
 * every other channel `channelIntegrations`. The server refuses with FEATURE_NOT_AVAILABLE, the
 * dashboard shows the upgrade prompt.
 */
export const INTEGRATION_FEATURE: Readonly<Record<IntegrationType, FeatureKey>> = {
  telegram: 'channelIntegrations',
  line: 'channelIntegrations',
  viber: 'channelIntegrations',
  'whatsapp-cloud-api': 'whatsapp',
  'whatsapp-twilio': 'whatsapp',
  'whatsapp-dialog360': 'whatsapp',
  'whatsapp-gallabox': 'whatsapp',
  facebook: 'socialChannels',
  instagram: 'socialChannels',
  email: 'mailbox',
  'voice-twilio': 'channelIntegrations',
  slack: 'channelIntegrations',
};

export const integrationStatusSchema = z.enum(INTEGRATION_STATUSES);
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

export const integrationSchema = z.object({
  type: integrationTypeSchema,
  category: z.enum(INTEGRATION_CATEGORIES),
  status: integrationStatusSchema,
  /** What the account is known by at the provider (a bot's @username); never a credential. */
  displayName: z.string(),
  lastError: z.nullable(z.string()),
  lastErrorAt: z.nullable(z.number()),
  connectedAt: z.nullable(z.number()),
  /** Where the provider posts inbound messages (set at the provider by us when we can). */
  webhookUrl: z.nullable(z.string()),
  /**
   * The e-mail channel's inbound address at the built-in SMTP receiver (`<applicationId>@<domain>`),
   * to forward the mailbox to; null for other channels, or when the server runs no receiver.
   */
  inboundAddress: z.nullable(z.string()),
});
export type Integration = z.infer<typeof integrationSchema>;

/** Telegram: a bot token from @BotFather, `<bot id>:<secret>`. */
export const telegramBotTokenSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(
      /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/,
      'A Telegram bot token looks like 123456789:AA… (from @BotFather).',
    ),
  );
export const telegramConnectRequestSchema = z.object({ botToken: telegramBotTokenSchema });
export type TelegramConnectRequest = z.infer<typeof telegramConnectRequestSchema>;

/** LINE Messaging API: a long-lived channel access token and the channel secret (LINE Developers console). */
export const lineConnectRequestSchema = z.object({
  channelAccessToken: z
    .string()
    .check(z.trim(), z.minLength(20, 'Paste the channel access token (long-lived).'), z.maxLength(500)),
  channelSecret: z
    .string()
    .check(z.trim(), z.regex(/^[0-9a-f]{32}$/i, 'A LINE channel secret is 32 hexadecimal characters.')),
});
export type LineConnectRequest = z.infer<typeof lineConnectRequestSchema>;

/** Viber: a bot's authentication token (Viber Admin Panel), `<hex>-<hex>-<hex>`. */
export const viberConnectRequestSchema = z.object({
  authToken: z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^[0-9a-f]{8,40}(-[0-9a-f]{8,40}){1,4}$/i,
        'A Viber token looks like 4453b6ac12345678-e02603a1…-…',
      ),
    ),
});
export type ViberConnectRequest = z.infer<typeof viberConnectRequestSchema>;

/** Meta ids (phone number, WhatsApp Business Account, page, Instagram account) are digits. */
const metaIdSchema = z
  .string()
  .check(z.trim(), z.regex(/^\d{1,30}$/, 'A Meta id is a number (copy it from Meta’s dashboard).'));
const metaTokenSchema = z
  .string()
  .check(z.trim(), z.minLength(20, 'Paste the whole access token.'), z.maxLength(1000));
/** The Meta app's secret: it signs every webhook delivery (X-Hub-Signature-256). */
const metaAppSecretSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9]{16,64}$/, 'The app secret is 32 letters and digits (App settings → Basic).'),
  );
/** What the admin types as "Verify token" in Meta's webhook settings, and here. */
const metaVerifyTokenSchema = z
  .string()
  .check(z.trim(), z.minLength(8, 'The verify token needs at least 8 characters.'), z.maxLength(200));

/** WhatsApp Cloud API: a phone number of a WhatsApp Business Account and a system user's token. */
export const whatsAppCloudConnectRequestSchema = z.object({
  phoneNumberId: metaIdSchema,
  businessAccountId: metaIdSchema,
  accessToken: metaTokenSchema,
  appSecret: metaAppSecretSchema,
  verifyToken: metaVerifyTokenSchema,
});
export type WhatsAppCloudConnectRequest = z.infer<typeof whatsAppCloudConnectRequestSchema>;

/** A WhatsApp sender number in E.164 ('+' and digits); a 'whatsapp:' prefix (SPEC §5) is accepted and dropped. */
const whatsAppNumberSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((n) => n.replace(/^whatsapp:/i, '').replace(/[\s()-]/g, '')),
  ),
  z
    .string()
    .check(
      z.regex(
        /^\+[1-9]\d{6,14}$/,
        'Give the WhatsApp number with its country code, for example +14155238886.',
      ),
    ),
);

/** WhatsApp through Twilio: the account's SID and auth token, and the WhatsApp-enabled sender number. */
export const whatsAppTwilioConnectRequestSchema = z.object({
  accountSid: z
    .string()
    .check(
      z.trim(),
      z.regex(/^AC[0-9a-f]{32}$/i, 'A Twilio Account SID is AC followed by 32 hexadecimal characters.'),
    ),
  authToken: z
    .string()
    .check(z.trim(), z.regex(/^[0-9a-f]{32}$/i, 'A Twilio auth token is 32 hexadecimal characters.')),
  whatsAppNumber: whatsAppNumberSchema,
});
export type WhatsAppTwilioConnectRequest = z.input<typeof whatsAppTwilioConnectRequestSchema>;

/** A phone number in E.164 ('+' and digits); spaces, dashes and brackets are dropped. */
const phoneNumberSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((n) => n.replace(/[\s().-]/g, '')),
  ),
  z
    .string()
    .check(z.regex(/^\+[1-9]\d{6,14}$/, 'Give the number with its country code, for example +14155238886.')),
);

/**
 * Voice through Twilio: the account's SID and auth token, the Twilio phone number customers call,
 * and the agents' phone numbers it rings (all at once; the first to answer takes the call).
 */
export const voiceTwilioConnectRequestSchema = z.object({
  accountSid: whatsAppTwilioConnectRequestSchema.shape.accountSid,
  authToken: whatsAppTwilioConnectRequestSchema.shape.authToken,
  phoneNumber: phoneNumberSchema,
  agentNumbers: z.array(phoneNumberSchema).check(
    z.minLength(1, 'Give at least one agent phone number to ring.'),
    z.maxLength(
      MAX_VOICE_AGENT_NUMBERS,
      `At most ${MAX_VOICE_AGENT_NUMBERS} agent phone numbers ring at once.`,
    ),
    z.refine((list) => new Set(list).size === list.length, 'Each agent phone number once.'),
  ),
});
export type VoiceTwilioConnectRequest = z.input<typeof voiceTwilioConnectRequestSchema>;

/** WhatsApp through 360dialog: the channel's API key (360dialog Hub → API key). */
export const whatsAppDialog360ConnectRequestSchema = z.object({
  d360ApiKey: z
    .string()
    .check(z.trim(), z.minLength(16, 'Paste the whole 360dialog API key.'), z.maxLength(200)),
});
export type WhatsAppDialog360ConnectRequest = z.input<typeof whatsAppDialog360ConnectRequestSchema>;

/**
 * WhatsApp through Gallabox: the API key and secret (Settings → API keys), the account and the
 * WhatsApp channel ids, and a webhook secret the admin also puts in Gallabox's webhook headers.
 */
export const whatsAppGallaboxConnectRequestSchema = z.object({
  apiKey: z.string().check(z.trim(), z.minLength(8, 'Paste the whole Gallabox API key.'), z.maxLength(200)),
  apiSecret: z
    .string()
    .check(z.trim(), z.minLength(8, 'Paste the whole Gallabox API secret.'), z.maxLength(200)),
  accountId: z
    .string()
    .check(
      z.trim(),
      z.regex(/^[0-9a-f]{24}$/i, 'A Gallabox id is 24 hexadecimal characters (from the URL in Gallabox).'),
    ),
  channelId: z
    .string()
    .check(
      z.trim(),
      z.regex(/^[0-9a-f]{24}$/i, 'A Gallabox id is 24 hexadecimal characters (from the URL in Gallabox).'),
    ),
  webhookSecret: z
    .string()
    .check(z.trim(), z.minLength(16, 'The webhook secret needs at least 16 characters.'), z.maxLength(200)),
});
export type WhatsAppGallaboxConnectRequest = z.input<typeof whatsAppGallaboxConnectRequestSchema>;

/** Messenger: a Facebook page and its page access token. */
export const facebookConnectRequestSchema = z.object({
  pageId: metaIdSchema,
  pageAccessToken: metaTokenSchema,
  appSecret: metaAppSecretSchema,
  verifyToken: metaVerifyTokenSchema,
});
export type FacebookConnectRequest = z.infer<typeof facebookConnectRequestSchema>;

/** Instagram messaging: the professional account, through its linked page's access token. */
export const instagramConnectRequestSchema = z.object({
  instagramAccountId: metaIdSchema,
  pageId: metaIdSchema,
  pageAccessToken: metaTokenSchema,
  appSecret: metaAppSecretSchema,
  verifyToken: metaVerifyTokenSchema,
});
export type InstagramConnectRequest = z.infer<typeof instagramConnectRequestSchema>;

/** One side of a mailbox: where to log in (IMAP to read, SMTP to send) and as whom. */
const mailServerSchema = z.object({
  host: z.string().check(z.trim(), z.minLength(1), z.maxLength(253)),
  port: z.number().check(z.int(), z.gte(1), z.lte(65535)),
  /** TLS from the first byte (993 / 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1000)),
});
/**
 * E-mail (SPEC §2 /settings/mailbox): an existing mailbox read by IMAP, replies sent by SMTP. Without
 * `imap` mail comes only through the server's built-in SMTP receiver (the mailbox forwards to the
 * inbound address); refused when the server runs none.
 */
export const emailConnectRequestSchema = z.object({
  /** The address customers write to; replies are sent from it. */
  address: z.string().check(z.trim(), z.toLowerCase(), z.email(), z.maxLength(320)),
  /** The sender name customers see on replies (the company's name when empty). */
  senderName: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  imap: z.optional(mailServerSchema),
  smtp: mailServerSchema,
});
export type EmailConnectRequest = z.input<typeof emailConnectRequestSchema>;

/** A Slack bot token (OAuth & Permissions → Bot User OAuth Token). */
export const slackBotTokenSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(/^xoxb-[A-Za-z0-9-]{10,250}$/, 'A Slack bot token starts with xoxb- (OAuth & Permissions).'),
  );

/**
 * Slack (issue 17): the team's mirror of every conversation, one thread per conversation in a
 * Slack channel; agents may reply from the thread. The signing secret signs the Events API
 * deliveries (Basic Information → App Credentials); the channel is one conversations.list gave.
 */
export const slackConnectRequestSchema = z.object({
  botToken: slackBotTokenSchema,
  signingSecret: z
    .string()
    .check(
      z.trim(),
      z.regex(/^[0-9a-f]{32}$/i, 'A Slack signing secret is 32 hexadecimal characters (Basic Information).'),
    ),
  channelId: z
    .string()
    .check(z.trim(), z.regex(/^[CG][A-Z0-9]{5,20}$/, 'Choose the Slack channel to post in.')),
});
export type SlackConnectRequest = z.infer<typeof slackConnectRequestSchema>;

/** Before connecting: the channels the bot token can post in, for the admin to pick one. */
export const slackChannelsRequestSchema = z.object({ botToken: slackBotTokenSchema });
export type SlackChannelsRequest = z.infer<typeof slackChannelsRequestSchema>;
export const slackChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  isPrivate: z.boolean(),
  /** The bot is in the channel already (a public channel is joined when connecting). */
  isMember: z.boolean(),
});
export type SlackChannel = z.infer<typeof slackChannelSchema>;
export const slackChannelsResponseSchema = successEnvelope(
  z.object({ team: z.string(), channels: z.array(slackChannelSchema) }),
);

/** The connect body of each type (each connector parses its own again). */
export const integrationConnectRequestSchema = z.union([
  slackConnectRequestSchema,
  telegramConnectRequestSchema,
  lineConnectRequestSchema,
  viberConnectRequestSchema,
  whatsAppCloudConnectRequestSchema,
  whatsAppTwilioConnectRequestSchema,
  whatsAppDialog360ConnectRequestSchema,
  whatsAppGallaboxConnectRequestSchema,
  // Before Facebook's: an Instagram request is Facebook's plus its account id, which Facebook's
  // schema (first match wins) would strip.
  instagramConnectRequestSchema,
  facebookConnectRequestSchema,
  emailConnectRequestSchema,
  voiceTwilioConnectRequestSchema,
]);
export type IntegrationConnectRequest = z.input<typeof integrationConnectRequestSchema>;

export const integrationTypeParamsSchema = z.object({ type: integrationTypeSchema });
export const integrationStatusParamsSchema = z.object({
  type: integrationTypeSchema,
  status: z.enum(['enable', 'disable']),
});
export const channelWebhookParamsSchema = z.object({
  type: integrationTypeSchema,
  applicationId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

export const integrationListResponseSchema = successEnvelope(z.array(integrationSchema));
export const integrationResponseSchema = successEnvelope(integrationSchema);
export const integrationDeleteResponseSchema = messageResponseSchema;
export const channelWebhookResponseSchema = z.object({
  ok: z.literal(true),
  stored: z.number().check(z.int()),
});

export const integrationPath = (type: IntegrationType) => `/api/integrations/settings/${type}`;
export const channelWebhookPath = (type: IntegrationType, applicationId: string) =>
  `/api/channels/${type}/${encodeURIComponent(applicationId)}/webhook`;

/**
 * Facebook and Instagram connected through Facebook Login (SPEC §1/§7 social channel callbacks)
 * with the operator's Meta app: `start` answers the dialog's URL; Meta sends the browser back to
 * `callback`, which keeps the pages it read (their tokens sealed, server-side) and redirects to the
 * integration's page with `pending=<id>`; the admin lists them and picks one.
 */
export const META_OAUTH_TYPES = ['facebook', 'instagram'] as const satisfies readonly IntegrationType[];
export type MetaOAuthType = (typeof META_OAUTH_TYPES)[number];
export const metaOAuthTypeParamsSchema = z.object({ type: z.enum(META_OAUTH_TYPES) });

export const metaOAuthStartPath = (type: MetaOAuthType) => `/api/integrations/meta/oauth/${type}/start`;

export const metaOAuthConfigResponseSchema = successEnvelope(z.object({ configured: z.boolean() }));
export const metaOAuthStartResponseSchema = successEnvelope(z.object({ url: z.string().check(z.url()) }));
export const metaOAuthCallbackQuerySchema = z.object({
  state: z.optional(z.string().check(z.maxLength(4096))),
  code: z.optional(z.string().check(z.maxLength(2048))),
  error: z.optional(z.string().check(z.maxLength(200))),
  error_reason: z.optional(z.string().check(z.maxLength(200))),
  error_description: z.optional(z.string().check(z.maxLength(1000))),
});
export const metaOAuthPendingParamsSchema = z.object({ id: z.string().check(z.uuid()) });

/** A page (Messenger) or Instagram professional account Facebook Login gave access to; no token. */
export const metaOAuthAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The Facebook page (for Instagram: the page the account is linked to). */
  pageId: z.string(),
  pageName: z.string(),
});
export type MetaOAuthAccount = z.infer<typeof metaOAuthAccountSchema>;

export const metaOAuthPendingSchema = z.object({
  type: z.enum(META_OAUTH_TYPES),
  /** ready: pick one of `accounts` (maybe none); failed: Meta refused, `error` says why. */
  status: z.enum(['ready', 'failed']),
  accounts: z.array(metaOAuthAccountSchema),
  /** The pages Facebook Login gave (Instagram: also those without a linked professional account). */
  pageCount: z.number().check(z.int(), z.nonnegative()),
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  expiresAt: z.number(),
});
export type MetaOAuthPending = z.infer<typeof metaOAuthPendingSchema>;
export const metaOAuthPendingResponseSchema = successEnvelope(metaOAuthPendingSchema);
export const metaOAuthSelectRequestSchema = z.object({
  accountId: z.string().check(z.trim(), z.regex(/^\d{1,30}$/)),
});
export type MetaOAuthSelectRequest = z.infer<typeof metaOAuthSelectRequestSchema>;
