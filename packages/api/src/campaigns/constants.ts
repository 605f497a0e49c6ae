// @convo/api/campaigns/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/campaigns with
// `import type`, which the bundle never holds.
import { CAMPAIGN_USERS_PAGE_SIZE } from '@convo/domain';

export const CAMPAIGN_PATHS = {
  send: '/rest/ws/message/campaign/send',
  list: '/rest/ws/campaign/list',
  users: '/rest/ws/campaign/users',
  /** Stops a scheduled or running campaign: recipients not yet sent to are never sent to. */
  cancel: '/rest/ws/campaign/cancel',
  /** The connected accounts a campaign can send from (never their credentials). */
  senders: '/rest/ws/campaign/senders',
  /** A connected WhatsApp provider's templates, for the campaign form. */
  templates: '/rest/ws/campaign/templates',
  /** The customer's campaign opt-out (consent), set by agents and the API. */
  optOut: '/api/campaigns/opt-outs/:userId',
  /**
   * A campaign saved without sending: POST saves (new or campaignId), GET ?campaignId reopens,
   * DELETE ?campaignId deletes it.
   */
  draft: '/rest/ws/campaign/draft',
} as const;
export const campaignOptOutPath = (userId: string) => `/api/campaigns/opt-outs/${encodeURIComponent(userId)}`;

export const MAX_CAMPAIGN_SELECTED_USERS = 100_000;

export const CAMPAIGN_USERS_PAGE = CAMPAIGN_USERS_PAGE_SIZE;

/** The largest form a draft keeps (its platforms' messages, as JSON). */
export const MAX_CAMPAIGN_DRAFT_PLATFORMS_BYTES = 32 * 1024;
