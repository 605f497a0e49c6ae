// @convo/api/channels/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/channels with
// `import type`, which the bundle never holds.

// channels.ts

/** The integrations that work today; others are listed as they land. */
export const INTEGRATION_TYPES = [
  'telegram',
  'line',
  'viber',
  'whatsapp-cloud-api',
  'whatsapp-twilio',
  'whatsapp-dialog360',
  'whatsapp-gallabox',
  'facebook',
  'instagram',
  'email',
  'voice-twilio',
  'slack',
] as const;

/** SPEC §1 integration kinds, as the hub's category filter shows them ('all' is the default). */
export const INTEGRATION_CATEGORIES = [
  'messaging',
  'ecommerce',
  'crm',
  'automation',
  'ai',
  'voice',
  'email',
] as const;

export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

export const DEFAULT_INTEGRATION_CATEGORY = 'all';

/** connected; error (the provider's last message in lastError); disabled by an admin; not connected. */
export const INTEGRATION_STATUSES = ['connected', 'error', 'disabled', 'not_connected'] as const;

/** At most this many agents' phones ring at once for an incoming call (Twilio dials up to 10 numbers). */
export const MAX_VOICE_AGENT_NUMBERS = 10;

export const SLACK_PATHS = { channels: '/api/integrations/slack/channels' } as const;

export const INTEGRATION_PATHS = {
  list: '/api/integrations',
  detail: '/api/integrations/settings/:type',
  connect: '/api/integrations/settings/:type',
  remove: '/api/integrations/settings/:type',
  status: '/api/integrations/settings/:type/status/:status',
  /** Public: the provider posts here; the connector checks its signature. */
  webhook: '/api/channels/:type/:applicationId/webhook',
} as const;

export const WHATSAPP_TEMPLATE_PATHS = {
  /** A connected WhatsApp provider's templates (`type`: one of WHATSAPP_INTEGRATION_TYPES). */
  list: '/api/integrations/:type/templates',
  /** A template reply in a WhatsApp conversation, through the provider the conversation came from. */
  send: '/api/integrations/whatsapp/templates/send',
} as const;

/**
 * SPEC §7 ".eml fetch and parse": the original of a received e-mail, kept when it arrived. `raw`
 * answers the mail's bytes (message/rfc822); `parsed` answers it read (headers, body, attachments).
 */
export const EMAIL_ORIGINAL_PATHS = {
  raw: '/api/conversations/:groupId/messages/:messageId/eml',
  parsed: '/api/conversations/:groupId/messages/:messageId/eml/parsed',
} as const;

export const emailOriginalPath = (groupId: number, messageId: number, parsed = false) =>
  `/api/conversations/${groupId}/messages/${messageId}/eml${parsed ? '/parsed' : ''}`;

export const META_OAUTH_PATHS = {
  /** Whether this server has a Meta app (the "Connect with Facebook" button). */
  config: '/api/integrations/meta/oauth',
  start: '/api/integrations/meta/oauth/:type/start',
  /** Public: Facebook Login redirects the admin's browser here. */
  callback: '/api/channels/meta/oauth/callback',
  pending: '/api/integrations/meta/oauth/pending/:id',
  select: '/api/integrations/meta/oauth/pending/:id/select',
  /** Public: the Meta app's one webhook (every page and Instagram account of every application). */
  webhook: '/api/channels/meta/webhook',
} as const;

export const metaOAuthPendingPath = (id: string) => `/api/integrations/meta/oauth/pending/${id}`;

export const metaOAuthSelectPath = (id: string) => `/api/integrations/meta/oauth/pending/${id}/select`;

// email-fallback.ts

export const EMAIL_FALLBACK_PATHS = { settings: '/api/settings/email-fallback' } as const;
