// Status enumerations of SPEC §4. Trial and subscription rules live in billing.ts.

export const USER_STATUS = { AWAY: 0, ONLINE: 1, EXPIRED: 2, DELETED: 3 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const MESSAGING_STATUS = {
  OFFLINE: 0,
  ONLINE: 1,
  AWAY: 2,
  NOT_AWAY: 3,
  BUSY: 4,
  INVISIBLE: 5,
  NOT_AVAILABLE: 6,
  ONLINE_WITHOUT_NOTIFICATIONS: 7,
} as const;
export type MessagingStatus = (typeof MESSAGING_STATUS)[keyof typeof MESSAGING_STATUS];

export const AVAILABILITY_STATUS = { ACTIVE: 1, EXPIRED: 2 } as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUS)[keyof typeof AVAILABILITY_STATUS];

/** Status sent when disabling an agent; a disabled agent can be reactivated by user id. */
export const AGENT_DISABLED_STATUS = 2;

export const CONVERSATION_STATUS = {
  INITIAL: -1,
  OPEN: 0,
  PROGRESS: 1,
  CLOSED: 2,
  SPAM: 3,
  DUPLICATE: 4,
  ARCHIVE: 5,
  UNRESPONDED: 6,
  WAITING: 7,
} as const;
export type ConversationStatus = (typeof CONVERSATION_STATUS)[keyof typeof CONVERSATION_STATUS];

export const CONVERSATION_STATUSES: readonly ConversationStatus[] = Object.values(CONVERSATION_STATUS);

export function isConversationStatus(value: unknown): value is ConversationStatus {
  return typeof value === 'number' && (CONVERSATION_STATUSES as readonly number[]).includes(value);
}

export const INVITED_USER_STATUS = { INVITED: 0, SIGNED_UP: 1 } as const;
export type InvitedUserStatus = (typeof INVITED_USER_STATUS)[keyof typeof INVITED_USER_STATUS];

export const WELCOME_EVENT_STATUS = { ENABLED: '1', DISABLED: '2', DELETED: '3' } as const;
export type WelcomeEventStatus = (typeof WELCOME_EVENT_STATUS)[keyof typeof WELCOME_EVENT_STATUS];

export const SUPPORT_TICKET_STATUS = { OPEN: 0, SOLVED: 2 } as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUS)[keyof typeof SUPPORT_TICKET_STATUS];

export const FAQ_TYPE = { PUBLISHED: 'published', DRAFT: 'draft' } as const;
export type FaqType = (typeof FAQ_TYPE)[keyof typeof FAQ_TYPE];
