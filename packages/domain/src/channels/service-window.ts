import { WHATSAPP_CHANNELS } from '../messaging';

// The customer-service window of the Meta messaging channels (WhatsApp through any of its four
// providers, Messenger, Instagram): a business may answer a customer with free text only within 24 hours of the
// customer's last message. After it, WhatsApp accepts only an approved message template (which
// reopens nothing: the window opens again when the customer writes).

export const SERVICE_WINDOW_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** The channels (integration types) whose free-text replies are bound to the window. */
export const SERVICE_WINDOW_CHANNELS: ReadonlySet<string> = new Set([
  ...WHATSAPP_CHANNELS,
  'facebook',
  'instagram',
]);

export interface ServiceWindow {
  open: boolean;
  /** When the window closes (closed: when it closed); null when the customer never wrote. */
  closesAt: Date | null;
}

/** The window after the customer's last message, seen at `now`. */
export function serviceWindowAt(lastCustomerMessageAt: Date | null, now: Date): ServiceWindow {
  if (lastCustomerMessageAt === null) return { open: false, closesAt: null };
  const closesAt = new Date(lastCustomerMessageAt.getTime() + SERVICE_WINDOW_HOURS * HOUR_MS);
  return { open: now.getTime() < closesAt.getTime(), closesAt };
}

/**
 * Whether a reply on `channel` may go as free text now. A template is always allowed; a channel
 * without a window (the widget, Telegram) always is.
 */
export function mayReplyWithFreeText(
  channel: string,
  lastCustomerMessageAt: Date | null,
  now: Date,
): boolean {
  if (!SERVICE_WINDOW_CHANNELS.has(channel)) return true;
  return serviceWindowAt(lastCustomerMessageAt, now).open;
}

/** The message an agent reads when the window is closed. */
export const SERVICE_WINDOW_CLOSED_MESSAGE =
  'The 24-hour customer service window is closed: the customer last wrote more than 24 hours ago. Send an approved message template instead; free text is allowed again once the customer replies.';
