import { APPLOZIC_MESSAGE_TYPE, MESSAGE_STATUS } from '@convo/domain';
import { EVENT, type StoredEvent } from './event-types.js';

// Convo's real-time events as the Applozic clients read them on their STOMP (or MQTT) topic:
// `{ id, type, message, notifyUser }` with the APPLOZIC_xx codes of reference/applozic-api.md §7
// (the web widget's `ALSocket.onMessage`, the SDKs' `NOTIFICATION_TYPE`). Pure: no I/O.
// The event's message is already the family's object (messages/message-view.ts through @convo/domain's
// toApplozicMessage), written for no viewer: here only its direction is set per receiver, and the
// flags are filled for events stored before that serializer existed (a replay can reach them).

export const APPLOZIC_PUSH = {
  MESSAGE_RECEIVED: 'APPLOZIC_01',
  MESSAGE_SENT: 'APPLOZIC_02',
  MESSAGE_DELIVERED: 'APPLOZIC_04',
  MESSAGE_DELIVERED_AND_READ: 'APPLOZIC_08',
  USER_CONNECTED: 'APPLOZIC_11',
  USER_DISCONNECTED: 'APPLOZIC_12',
  GROUP_SYNC: 'APPLOZIC_15',
} as const;

export interface PushNotification {
  id: string;
  type: (typeof APPLOZIC_PUSH)[keyof typeof APPLOZIC_PUSH];
  message: string | Record<string, unknown>;
  notifyUser: boolean;
}

/** Who receives the push: their userId decides received (4, APPLOZIC_01) versus sent (5, APPLOZIC_02). */
export interface PushViewer {
  userId: string;
}

interface ConvoMessage {
  key: string;
  groupId: number;
  from: string | null;
  status: number;
  metadata?: Record<string, unknown>;
  fileMeta?: Record<string, unknown> | null;
  [field: string]: unknown;
}

const isConvoMessage = (v: unknown): v is ConvoMessage =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ConvoMessage).key === 'string' &&
  typeof (v as ConvoMessage).groupId === 'number';

/** A Convo message as the Applozic message object: direction type, flags, no null fileMeta. */
export function toApplozicMessage(m: ConvoMessage, viewer: PushViewer): Record<string, unknown> {
  const { fileMeta, ...rest } = m;
  const mine = m.from === viewer.userId;
  return {
    ...rest,
    ...(fileMeta ? { fileMeta } : {}),
    metadata: m.metadata ?? {},
    type: mine ? APPLOZIC_MESSAGE_TYPE.MT_OUTBOX : APPLOZIC_MESSAGE_TYPE.MT_INBOX,
    to: m.to ?? m.from,
    contactIds: m.contactIds ?? m.from,
    sent: true,
    delivered: m.status >= MESSAGE_STATUS.DELIVERED,
    read: m.status >= MESSAGE_STATUS.DELIVERED_AND_READ,
  };
}

/**
 * The push for a stored event seen by `viewer` on their user topic, or null when that client has
 * nothing to show for it (notes, tags, a receipt of their own, an event without the fields).
 */
export function toApplozicPush(e: StoredEvent, viewer: PushViewer): PushNotification | null {
  const id = String(e.seq);
  const data = e.data;
  switch (e.type) {
    case EVENT.MESSAGE_RECEIVED: {
      const m = data.message;
      if (!isConvoMessage(m)) return null;
      const mine = m.from === viewer.userId;
      return {
        id,
        type: mine ? APPLOZIC_PUSH.MESSAGE_SENT : APPLOZIC_PUSH.MESSAGE_RECEIVED,
        message: toApplozicMessage(m, viewer),
        notifyUser: !mine,
      };
    }
    case EVENT.MESSAGE_DELIVERED:
    case EVENT.MESSAGE_READ: {
      // `"<messageKey>,<userId>"`: the key whose ticks change, and who got that far.
      const key = data.messageKey;
      const by = data.userId;
      if (typeof key !== 'string' || typeof by !== 'string' || by === viewer.userId) return null;
      return {
        id,
        type:
          e.type === EVENT.MESSAGE_READ
            ? APPLOZIC_PUSH.MESSAGE_DELIVERED_AND_READ
            : APPLOZIC_PUSH.MESSAGE_DELIVERED,
        message: `${key},${by}`,
        notifyUser: false,
      };
    }
    case EVENT.CONVERSATION_CREATED:
    case EVENT.CONVERSATION_UPDATED:
    case EVENT.CONVERSATION_ASSIGNED:
    case EVENT.CONVERSATION_STATUS: {
      // The clients re-read the group (channel sync); the change itself shows as a system message.
      if (e.conversationId === null) return null;
      return { id, type: APPLOZIC_PUSH.GROUP_SYNC, message: String(e.conversationId), notifyUser: false };
    }
    default:
      return null;
  }
}

/** The typing topic's plain-text body: `"<appId>,<userId>,<1|0>"`. */
export function typingBody(appKey: string, userId: string, typing: boolean): string {
  return `${appKey},${userId},${typing ? 1 : 0}`;
}

/** A typing publish's body, or null when it is not `"<appId>,<userId>,<1|0>"`. */
export function parseTypingBody(body: string): { typing: boolean } | null {
  const parts = body.split(',');
  if (parts.length !== 3 || (parts[2] !== '0' && parts[2] !== '1')) return null;
  return { typing: parts[2] === '1' };
}

/**
 * A `/topic/message-status` publish, `"<userId>,<messageKey>,<status>"`: the widget sends 4 when
 * a message reached the device and 1 (READ) when it was seen; 5 is delivered-and-read.
 */
export function parseMessageStatusBody(
  body: string,
): { messageKey: string; kind: 'read' | 'delivered' } | null {
  const parts = body.split(',');
  if (parts.length !== 3 || !parts[1]) return null;
  const status = parts[2];
  if (status === String(MESSAGE_STATUS.DELIVERED)) return { messageKey: parts[1], kind: 'delivered' };
  if (status === '1' || status === String(MESSAGE_STATUS.DELIVERED_AND_READ))
    return { messageKey: parts[1], kind: 'read' };
  return null;
}

/** `APPLOZIC_11` / `APPLOZIC_12` for a presence change on the support channel. */
export function presencePush(userId: string, online: boolean, at: number): PushNotification {
  return online
    ? { id: `p${at}`, type: APPLOZIC_PUSH.USER_CONNECTED, message: userId, notifyUser: false }
    : { id: `p${at}`, type: APPLOZIC_PUSH.USER_DISCONNECTED, message: `${userId},${at}`, notifyUser: false };
}
