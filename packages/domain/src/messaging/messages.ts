// Messaging enumerations and fixed names of SPEC §3 and §9.

export const SENDER_TYPE = { HUMAN_AGENT: 0, BOT: 1, USER: 2 } as const;
export type SenderType = (typeof SENDER_TYPE)[keyof typeof SENDER_TYPE];

/**
 * A message's `status` as the Applozic SDKs read it (Android SDK `Message.Status`: UNREAD 0,
 * READ 1, PENDING 2, SENT 3, DELIVERED 4, DELIVERED_AND_READ 5). A stored message is at least
 * SENT; 4 and 5 say how far the other side of the conversation got.
 */
export const MESSAGE_STATUS = { SENT: 3, DELIVERED: 4, DELIVERED_AND_READ: 5 } as const;

export const MESSAGE_CONTENT_TYPE = {
  DEFAULT: 0,
  ATTACHMENT: 1,
  LOCATION: 2,
  TEXT_HTML: 3,
  PRICE: 4,
  IMAGE_LINK: 5,
  HYPERLINK: 6,
  CONTACT: 7,
  AUDIO: 8,
  VIDEO: 9,
  NOTIFY: 10,
  HIDDEN: 11,
  RECEIVER_ONLY: 12,
  BLOCK_NOTIFY: 13,
  AUDIO_VIDEO_CALL: 102,
  MISSED_CALL: 103,
} as const;
export type MessageContentType = (typeof MESSAGE_CONTENT_TYPE)[keyof typeof MESSAGE_CONTENT_TYPE];

const CONTENT_TYPES: readonly number[] = Object.values(MESSAGE_CONTENT_TYPE);

export function isValidContentType(value: number): value is MessageContentType {
  return CONTENT_TYPES.includes(value);
}

export const GROUP_TYPE = {
  VIRTUAL: 0,
  PRIVATE: 1,
  PUBLIC: 2,
  SELLER: 3,
  SELF: 4,
  BROADCAST: 5,
  OPEN: 6,
  GROUP_OF_TWO: 7,
  INTERNAL: 8,
  APPLICATION_LEVEL: 9,
  SUPPORT: 10,
  SKIP_DELIVERED_READ: 11,
  ANNOUNCEMENT: 12,
} as const;
export type GroupType = (typeof GROUP_TYPE)[keyof typeof GROUP_TYPE];

export const GROUP_TYPE_NAMES: Readonly<Record<GroupType, string>> = {
  0: 'virtual',
  1: 'private',
  2: 'public',
  3: 'seller',
  4: 'self',
  5: 'broadcast',
  6: 'open',
  7: 'group-of-two',
  8: 'internal',
  9: 'application-level',
  10: 'support',
  11: 'skip-delivered-read',
  12: 'announcement',
};

export function groupTypeName(value: number): string | null {
  return (GROUP_TYPE_NAMES as Readonly<Record<number, string>>)[value] ?? null;
}

/** Group metadata keys that carry the assignee and the assigned team. */
export const ASSIGN_METADATA_KEYS = { ASSIGN_TO: 'KM_ASSIGN_TO', ASSIGN_TEAM: 'KM_ASSIGN_TEAM' } as const;

/** Local storage key holding unsent drafts. */
export const DRAFT_MESSAGES_KEY = 'KM_DRAFT_MESSAGES';

/** Group metadata.source value that marks a mail group. */
export const MAIL_GROUP_SOURCE = 'mail';

export const MESSAGING_CHANNELS = ['whatsapp', 'facebook', 'telegram', 'line'] as const;
export type MessagingChannel = (typeof MESSAGING_CHANNELS)[number];

export const CAMPAIGN_PLATFORMS = [
  'whatsApp',
  'facebook',
  'instagram',
  'telegram',
  'viber',
  'slack',
] as const;
export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];

export const WHATSAPP_PROVIDERS = {
  TWILIO: 'twilio',
  CLOUD_API: 'whatsapp-cloud-api',
  DIALOG360: 'dialog360',
  GALLABOX: 'whatsapp-gallabox',
} as const;
export type WhatsAppProvider = (typeof WHATSAPP_PROVIDERS)[keyof typeof WHATSAPP_PROVIDERS];

export const WHATSAPP_PROVIDER_CODES: Readonly<Record<WhatsAppProvider, string>> = {
  twilio: 'WHATSAPPTWILIO',
  'whatsapp-cloud-api': 'WHATSAPPCLOUDAPI',
  dialog360: 'WHATSAPPDIALOG360',
  'whatsapp-gallabox': 'WHATSAPPGALLABOX',
};

/**
 * The messaging channel (integration type) each WhatsApp provider's conversations carry. Twilio's
 * is 'whatsapp-twilio' and 360dialog's 'whatsapp-dialog360': Twilio Voice is an integration of
 * its own, and every WhatsApp channel then reads as one.
 */
export const WHATSAPP_CHANNEL_OF: Readonly<Record<WhatsAppProvider, string>> = {
  twilio: 'whatsapp-twilio',
  'whatsapp-cloud-api': 'whatsapp-cloud-api',
  dialog360: 'whatsapp-dialog360',
  'whatsapp-gallabox': 'whatsapp-gallabox',
};
export const WHATSAPP_CHANNELS: ReadonlySet<string> = new Set(Object.values(WHATSAPP_CHANNEL_OF));

/** Campaign WhatsApp senders carry this prefix on send and lose it on read. */
export const WHATSAPP_PREFIX = 'whatsapp:';

export function addWhatsAppPrefix(number: string): string {
  return number.startsWith(WHATSAPP_PREFIX) ? number : `${WHATSAPP_PREFIX}${number}`;
}

export function stripWhatsAppPrefix(number: string): string {
  return number.startsWith(WHATSAPP_PREFIX) ? number.slice(WHATSAPP_PREFIX.length) : number;
}

/** A WhatsApp campaign needs at least one recipient that is not already WhatsApp-prefixed. */
export function hasNonWhatsAppRecipient(recipients: readonly string[]): boolean {
  return recipients.some((r) => !r.startsWith(WHATSAPP_PREFIX));
}

export const DEFAULT_INTENT_NAMES = {
  welcome_event: 'Default Welcome Intent',
  fallback_intent: 'Default Fallback Intent',
} as const;

export const DEFAULT_TEAM = { clientGroupId: 'km_default_team', name: 'Default Team' } as const;

export const DEFAULT_TAGS = [
  'Auto-resolved-human',
  'Auto-resolved-bot',
  'Do-not-auto-resolve',
  'Force-assigned',
  'Reopen',
] as const;
export type DefaultTag = (typeof DEFAULT_TAGS)[number];

export const DEFAULT_BOT_USER_NAME = 'bot';
export const ASSISTANT_USER_NAME = 'liz';
export const TEAM_TOPIC_PREFIX = 'teamid-';

/** Welcome event passed when the dashboard's own support widget starts. */
export const SUPPORT_WIDGET_WELCOME_EVENT = 'Dashboard-welcome';
