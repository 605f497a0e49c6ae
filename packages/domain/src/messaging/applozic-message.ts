// The messaging family's message object (shared/reference/applozic-api.md §3–§4, the Android SDK's
// Message model): one pure serializer for every way a message leaves the server in that family
// (message lists, message detail, the STOMP push), so they never disagree on a field.

import { ROLE_TYPE } from '../accounts';
import { MESSAGE_STATUS } from './messages';

/** `type` of the platform's message: 4 received by the viewer (MT_INBOX), 5 sent by them (MT_OUTBOX). */
export const APPLOZIC_MESSAGE_TYPE = { MT_INBOX: 4, MT_OUTBOX: 5 } as const;

/** `source` of the platform's message: 1 web, the default of the widget and the dashboard. */
export const APPLOZIC_SOURCE = { DEVICE_NATIVE: 0, WEB: 1, MOBILE: 2, API: 3 } as const;

/**
 * The platform's user role numbers (Applozic's, which the Kommunicate widget compares to decide
 * whether the assignee is a bot or a person who may be offline): not Convo's SPEC §3 role types.
 */
export const APPLOZIC_USER_ROLE = { BOT: 1, USER: 3, APPLICATION_WEB_ADMIN: 8 } as const;

/** A user's platform role number from Convo's role type: bots 1, every other member 8, end users 3. */
export function toApplozicUserRole(roleType: string | null): number {
  if (roleType === null) return APPLOZIC_USER_ROLE.USER;
  return roleType === ROLE_TYPE.BOT ? APPLOZIC_USER_ROLE.BOT : APPLOZIC_USER_ROLE.APPLICATION_WEB_ADMIN;
}

/**
 * A status line's `KM_STATUS` as the Kommunicate widget reads it: a word it upper-cases into its
 * status table (and compares with 'closed' and 'Open' to show or hide its resolved banner and
 * CSAT), where Convo stores the status number. The family's message object carries the word.
 */
export const KM_STATUS_WORDS: Readonly<Record<string, string>> = {
  '-1': 'Initial',
  '0': 'Open',
  '1': 'Progress',
  '2': 'closed',
  '3': 'Spam',
  '4': 'Duplicate',
  '5': 'Archive',
  '6': 'Unresponded',
  '7': 'Waiting',
};

/** A `KM_STATUS` as the status number, whichever of the two forms it has (undefined: neither). */
export function kmStatusNumber(value: unknown): string | undefined {
  const text = String(value);
  if (text in KM_STATUS_WORDS) return text;
  const lower = text.toLowerCase();
  if (lower === 'resolved') return '2';
  return Object.keys(KM_STATUS_WORDS).find((k) => KM_STATUS_WORDS[k]?.toLowerCase() === lower);
}

function withStatusWord(metadata: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...metadata };
  const word = typeof out.KM_STATUS === 'string' ? KM_STATUS_WORDS[out.KM_STATUS] : undefined;
  if (word !== undefined) out.KM_STATUS = word;
  return out;
}

/** What the serializer needs of a stored message, whatever module holds it. */
export interface ApplozicMessageInput {
  /** The client's key of the message (the platform's `key`). */
  key: string;
  groupId: number;
  clientGroupId: string | null;
  /** The sender's userId as the platform names users; null for a system line. */
  senderUserId: string | null;
  message: string;
  contentType: number;
  metadata: Readonly<Record<string, unknown>>;
  fileMeta: Readonly<Record<string, unknown>> | null;
  createdAt: number;
  /** Receipt status: 3 sent, 4 delivered, 5 delivered and read (MESSAGE_STATUS). */
  status: number;
  source?: number | null | undefined;
}

export interface ApplozicMessage {
  key: string;
  /**
   * The platform stores a sender's and a receiver's copy and pairs their keys; we store one
   * message, so the pair is the message itself.
   */
  pairedMessageKey: string;
  /** The other party of the viewer's copy: in a group, the sender (the platform's `to` and `contactIds`). */
  to: string | null;
  contactIds: string | null;
  groupId: number;
  clientGroupId: string | null;
  /** The conversation's id: the widget sends it back on its next send of that conversation. */
  conversationId: number;
  message: string;
  contentType: number;
  metadata: Record<string, unknown>;
  /** Present only with a file: the widget tests the key's presence, not its value. */
  fileMeta?: Record<string, unknown>;
  createdAtTime: number;
  type: 4 | 5;
  sent: boolean;
  delivered: boolean;
  read: boolean;
  status: number;
  source: number;
}

/**
 * The platform's message object as `viewerUserId` sees it: type 5 for what they sent, 4 for what
 * they received (null viewer: a broadcast with no single reader, seen from the sender's side).
 */
export function toApplozicMessage(m: ApplozicMessageInput, viewerUserId: string | null): ApplozicMessage {
  const sentByViewer = viewerUserId === null || m.senderUserId === viewerUserId;
  return {
    key: m.key,
    pairedMessageKey: m.key,
    to: m.senderUserId,
    contactIds: m.senderUserId,
    groupId: m.groupId,
    clientGroupId: m.clientGroupId,
    conversationId: m.groupId,
    message: m.message,
    contentType: m.contentType,
    metadata: withStatusWord(m.metadata),
    ...(m.fileMeta ? { fileMeta: { ...m.fileMeta } } : {}),
    createdAtTime: m.createdAt,
    type: sentByViewer ? APPLOZIC_MESSAGE_TYPE.MT_OUTBOX : APPLOZIC_MESSAGE_TYPE.MT_INBOX,
    sent: true,
    delivered: m.status >= MESSAGE_STATUS.DELIVERED,
    read: m.status >= MESSAGE_STATUS.DELIVERED_AND_READ,
    status: m.status,
    source: m.source ?? APPLOZIC_SOURCE.WEB,
  };
}

/**
 * The platform's "conversation" (contextual chat: a topic inside a chat; `conversationPxy`). A
 * Convo conversation is one group with one topic, so its conversationPxy is the group itself: the
 * message object's `conversationId` is the group's id, and `topicId` the client's key of the group.
 * Never `closed`: a customer's message reopens a resolved conversation.
 */
export interface ConversationPxy {
  id: number;
  topicId: string;
  groupId: number;
  closed: boolean;
}

export function toConversationPxy(c: { id: number; clientGroupId: string }): ConversationPxy {
  return { id: c.id, topicId: c.clientGroupId, groupId: c.id, closed: false };
}
