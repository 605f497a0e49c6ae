// Campaigns (SPEC §3 campaign state, §4 campaign send, §5 campaign validation): the pure rules the
// dashboard and the server share — which platform raises a banner, how ticking users changes the
// selection, which address a customer is reached at on a platform, and the send rate.

import type { TemplateButtonValue, TemplateHeaderValue } from '../channels';
import { parseCustomerCsv } from '../customers';
import {
  CAMPAIGN_PLATFORMS,
  type CampaignPlatform,
  hasNonWhatsAppRecipient,
  WHATSAPP_CHANNEL_OF,
  WHATSAPP_CHANNELS,
  type WhatsAppProvider,
} from '../messaging';
import { validatePhone } from '../shared';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'done', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];

/** SPEC §3 Viber/Facebook… editorType: 1 plain text, 2 rich (text with an image). */
export const CAMPAIGN_EDITOR_TYPE = { TEXT: 1, RICH: 2 } as const;

/**
 * Messages per second a campaign sends on each platform when the operator sets none: under each
 * provider's documented business limit (Telegram about 30/s per bot, Meta's Cloud API 80/s,
 * Messenger and Viber lower), so a large campaign never gets the account throttled.
 */
export const CAMPAIGN_SEND_RATE_PER_SECOND: Readonly<Record<CampaignPlatform, number>> = {
  whatsApp: 20,
  facebook: 10,
  instagram: 10,
  telegram: 25,
  viber: 10,
  slack: 1,
};

/** Platforms a campaign can send on today (Slack is the team's side: nobody to broadcast to). */
export const CAMPAIGN_SENDABLE_PLATFORMS: readonly CampaignPlatform[] = CAMPAIGN_PLATFORMS.filter(
  (p) => p !== 'slack',
);

/** The channel (integration type) of a non-WhatsApp platform; WhatsApp's depends on the provider. */
export function campaignChannelOf(
  platform: CampaignPlatform,
  whatsAppProvider?: WhatsAppProvider | undefined,
): string | null {
  if (platform === 'whatsApp') return whatsAppProvider ? WHATSAPP_CHANNEL_OF[whatsAppProvider] : null;
  if (platform === 'slack') return null;
  return platform;
}

/** The customer as the recipient rules read them. */
export interface CampaignCustomer {
  /** The customer's user id; channel customers are `<channel>-<id at the provider>`. */
  userId: string;
  contactNumber?: string | null | undefined;
}

export type CampaignAddress =
  | { ok: true; address: string }
  | { ok: false; reason: 'unreachable' }
  | { ok: false; reason: 'phone'; code: string; message: string };

/**
 * Where a customer is reached on a channel: the id the channel gave them when they wrote in
 * (`telegram-4242` → `4242`); on WhatsApp also their contact number, which must carry its
 * country code (SPEC §5 NO_COUNTRY_CODE, INVALID) and goes out 'whatsapp:'-prefixed.
 */
export function campaignAddressOf(channel: string, customer: CampaignCustomer): CampaignAddress {
  const prefix = `${channel}-`;
  if (customer.userId.startsWith(prefix) && customer.userId.length > prefix.length) {
    return { ok: true, address: customer.userId.slice(prefix.length) };
  }
  // A customer who wrote in through another WhatsApp provider is reached at the same number.
  if (WHATSAPP_CHANNELS.has(channel)) {
    for (const other of WHATSAPP_CHANNELS) {
      const id = customer.userId.startsWith(`${other}-`) ? customer.userId.slice(other.length + 1) : '';
      const digits = id.replace(/^whatsapp:/, '').replace(/^\+/, '');
      if (/^\d{7,15}$/.test(digits)) return { ok: true, address: `whatsapp:+${digits}` };
    }
  }
  if (WHATSAPP_CHANNELS.has(channel) && customer.contactNumber) {
    const phone = customer.contactNumber.trim();
    const check = validatePhone(phone);
    if (!check.ok) return { ok: false, reason: 'phone', code: check.code, message: check.message };
    return { ok: true, address: `whatsapp:${phone}` };
  }
  return { ok: false, reason: 'unreachable' };
}

// ---- The dashboard's campaign state (SPEC §3) -------------------------------------------------

export interface CampaignImage {
  fileMeta: { key: string } | null;
  fileName: string;
  message: string;
}

/** What one platform's message is made of in the form; only the fields of that platform are set. */
export interface CampaignPlatformData {
  selectedProvider?: WhatsAppProvider | undefined;
  selectedTemplate?: string | undefined;
  selectedTemplateData?:
    | {
        language: string;
        parameters: readonly string[];
        header?: TemplateHeaderValue | undefined;
        buttons?: readonly TemplateButtonValue[] | undefined;
      }
    | undefined;
  msgPxyPayload?: unknown;
  platformName?: string | undefined;
  selectedPage?: string | undefined;
  selectedToken?: string | undefined;
  editorType?: 1 | 2 | undefined;
  textValue?: string | undefined;
  image?: CampaignImage | undefined;
  channelAssignee?: string | undefined;
}

export interface CampaignPlatformState {
  data: CampaignPlatformData;
  isChecked: boolean;
  hasError: boolean;
}

export type CampaignPlatformsState = Readonly<Record<CampaignPlatform, CampaignPlatformState>>;

export function emptyCampaignPlatforms(): Record<CampaignPlatform, CampaignPlatformState> {
  const entries = CAMPAIGN_PLATFORMS.map(
    (p) => [p, { data: {}, isChecked: false, hasError: false }] as const,
  );
  return Object.fromEntries(entries) as Record<CampaignPlatform, CampaignPlatformState>;
}

/** Whether a platform's form holds a message to send (SPEC §5: a checked platform needs a payload). */
export function hasCampaignPayload(platform: CampaignPlatform, data: CampaignPlatformData): boolean {
  const text = (data.textValue ?? '').trim() !== '' || (data.image?.fileMeta ?? null) !== null;
  switch (platform) {
    case 'whatsApp':
      return Boolean(data.selectedProvider && data.selectedTemplate && data.selectedTemplateData);
    case 'facebook':
    case 'instagram':
      return Boolean(data.selectedPage) && text;
    case 'telegram':
      return Boolean(data.selectedToken) && text;
    default:
      return text;
  }
}

/**
 * The platforms whose banner shows (SPEC §4): every checked platform without a payload, and
 * WhatsApp also when the selected recipients hold no number that is not WhatsApp-prefixed.
 */
export function campaignBanners(
  platforms: CampaignPlatformsState,
  selectedRecipients: readonly string[],
): CampaignPlatform[] {
  return CAMPAIGN_PLATFORMS.filter((p) => {
    const state = platforms[p];
    if (!state.isChecked) return false;
    if (!hasCampaignPayload(p, state.data)) return true;
    return p === 'whatsApp' && !hasNonWhatsAppRecipient(selectedRecipients);
  });
}

/** SPEC §3 campaign users list: the users of the current page with their checked flag. */
export interface CampaignUserRow {
  userId: string;
  checked: boolean;
}

export interface CampaignSelection {
  /** Every selected user id, across pages. */
  selected: readonly string[];
  /** The current page's rows. */
  result: readonly CampaignUserRow[];
}

/** Ticking a user toggles its checked flag and its place in the selected set (SPEC §4). */
export function toggleCampaignUser(state: CampaignSelection, userId: string): CampaignSelection {
  const has = state.selected.includes(userId);
  return {
    selected: has ? state.selected.filter((u) => u !== userId) : [...state.selected, userId],
    result: state.result.map((r) => (r.userId === userId ? { ...r, checked: !has } : r)),
  };
}

/** Select-all applies to the current page only (SPEC §4): other pages' picks are kept as they are. */
export function selectAllOnPage(state: CampaignSelection, checked: boolean): CampaignSelection {
  const page = new Set(state.result.map((r) => r.userId));
  const others = state.selected.filter((u) => !page.has(u));
  return {
    selected: checked ? [...others, ...state.result.map((r) => r.userId)] : others,
    result: state.result.map((r) => ({ ...r, checked })),
  };
}

/** A page's rows, checked as the selection says (a page fetched again keeps its ticks). */
export function markSelected(userIds: readonly string[], selected: readonly string[]): CampaignUserRow[] {
  const set = new Set(selected);
  return userIds.map((userId) => ({ userId, checked: set.has(userId) }));
}

/** Whether every row of the current page is ticked (the select-all box's state). */
export function allOnPageSelected(result: readonly CampaignUserRow[]): boolean {
  return result.length > 0 && result.every((r) => r.checked);
}

/** Share of a campaign's recipients done (sent or failed), 0 to 100. */
export function campaignProgressPercent(c: { total: number; sent: number; failed: number }): number {
  if (c.total <= 0) return 0;
  return Math.min(100, Math.round(((c.sent + c.failed) / c.total) * 100));
}

/** A customer's whole message that opts them out of campaigns on their channel (as carriers use). */
export const CAMPAIGN_STOP_KEYWORDS: readonly string[] = ['STOP', 'STOPALL', 'UNSUBSCRIBE'];
/** A customer's whole message that takes a STOP back. */
export const CAMPAIGN_START_KEYWORDS: readonly string[] = ['START', 'UNSTOP'];

/** What a customer's message says about campaigns: opt out, opt back in, or nothing. */
export function campaignConsentOf(text: string): 'stop' | 'start' | null {
  const word = text
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (CAMPAIGN_STOP_KEYWORDS.includes(word)) return 'stop';
  if (CAMPAIGN_START_KEYWORDS.includes(word)) return 'start';
  return null;
}

/**
 * Recipients from a CSV file (SPEC §5: header row, empty lines not counted, the userId column
 * found case-insensitively and trimmed): their user ids, each once, in file order.
 */
export function campaignRecipientsFromCsv(
  text: string,
): { ok: true; userIds: string[] } | { ok: false; code: string; message: string } {
  const parsed = parseCustomerCsv(text);
  if (!parsed.ok) return parsed;
  const userIds = [...new Set(parsed.rows.map((r) => r.userId).filter((u) => u !== ''))];
  if (userIds.length === 0) return { ok: false, code: 'EMPTY_FILE', message: 'The file has no user ids.' };
  return { ok: true, userIds };
}
