// The messaging family's message object (shared/reference/applozic-api.md §3–§4, the Android SDK's
// Message model): one pure serializer for every way a message leaves the server in that family
// (message lists, message detail, the STOMP push), so they never disagree on a field.

import { MESSAGE_STATUS } from './messages';

/** `type` of the platform's message: 4 received by the viewer (MT_INBOX), 5 sent by them (MT_OUTBOX). */
export const APPLOZIC_MESSAGE_TYPE = { MT_INBOX: 4, MT_OUTBOX: 5 } as const;

/** `source` of the platform's message: 1 web, the default of the widget and the dashboard. */
export const APPLOZIC_SOURCE = { DEVICE_NATIVE: 0, WEB: 1, MOBILE: 2, API: 3 } as const;

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
    metadata: { ...m.metadata },
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
