import { FALLBACK_TYPE, type FallbackType } from '../conversations';
import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '../messaging';

// E-mail fallback (SPEC §2 /settings/email-fallback, §4 fallback types): which of the team's
// messages in a widget conversation the customer is mailed, per type. The types never overlap on
// one message at one time: undelivered (not delivered), unread (delivered, not read), unanswered
// (the customer has not written since); message forwarding mails every message as it is sent.

export const EMAIL_FALLBACK_TYPES: readonly FallbackType[] = [
  FALLBACK_TYPE.MESSAGE_FORWARDING,
  FALLBACK_TYPE.UNDELIVERED,
  FALLBACK_TYPE.UNREAD,
  FALLBACK_TYPE.UNANSWERED,
];

/** Minutes to wait before each type is checked, until the admin chooses (forwarding: at once). */
export const DEFAULT_FALLBACK_DELAY_MINUTES: Record<FallbackType, number> = {
  [FALLBACK_TYPE.MESSAGE_FORWARDING]: 0,
  [FALLBACK_TYPE.UNDELIVERED]: 15,
  [FALLBACK_TYPE.UNREAD]: 30,
  [FALLBACK_TYPE.UNANSWERED]: 60,
};
export const MAX_FALLBACK_DELAY_MINUTES = 1440;

/** Lines that are not a message to the customer: status notes, hidden lines, call records. */
const NOT_FOR_CUSTOMER: readonly number[] = [
  MESSAGE_CONTENT_TYPE.NOTIFY,
  MESSAGE_CONTENT_TYPE.HIDDEN,
  MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY,
  MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL,
  MESSAGE_CONTENT_TYPE.MISSED_CALL,
];

/** A message the team (an agent or a bot) wrote to the customer. */
export const isMessageToCustomer = (m: { senderType: number; contentType: number }) =>
  m.senderType !== SENDER_TYPE.USER && !NOT_FOR_CUSTOMER.includes(m.contentType);

/** How far the customer got in the conversation (message ids; 0: nothing yet). */
export interface CustomerProgress {
  lastDeliveredMessageId: number;
  lastReadMessageId: number;
  /** The customer's own latest message. */
  lastCustomerMessageId: number;
}

/** Whether the team's message `messageId` counts as missed for this type, now. */
export function isMissed(type: FallbackType, messageId: number, progress: CustomerProgress): boolean {
  switch (type) {
    case FALLBACK_TYPE.MESSAGE_FORWARDING:
      return true;
    case FALLBACK_TYPE.UNDELIVERED:
      return messageId > progress.lastDeliveredMessageId;
    case FALLBACK_TYPE.UNREAD:
      return messageId <= progress.lastDeliveredMessageId && messageId > progress.lastReadMessageId;
    case FALLBACK_TYPE.UNANSWERED:
      return messageId > progress.lastCustomerMessageId;
  }
}

/**
 * The messages to mail for one check: the team's messages after those mailed already for this
 * type (`mailedUpTo`) and up to the one the check is for, that are missed now.
 */
export function messagesToMail<M extends { id: number; senderType: number; contentType: number }>(
  type: FallbackType,
  messages: readonly M[],
  progress: CustomerProgress,
  mailedUpTo: number,
  upTo: number,
): M[] {
  return messages.filter(
    (m) => m.id > mailedUpTo && m.id <= upTo && isMessageToCustomer(m) && isMissed(type, m.id, progress),
  );
}
