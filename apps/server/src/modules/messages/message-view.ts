import type { Message } from '@convo/api';
import { MESSAGE_STATUS, SENDER_TYPE, toApplozicMessage } from '@convo/domain';
import type { MessageRow } from './repository.js';

/** How far one side of a conversation has got, as message ids (0: nothing yet). */
export interface ReceiptPosition {
  readUpTo: number;
  deliveredUpTo: number;
}

/** The customer side (end users, no role type) and the agent side (members, bots) of a conversation. */
export interface ConversationReceipts {
  customer: ReceiptPosition;
  agents: ReceiptPosition;
}

/** The members' stored receipts folded into the two sides: the furthest reader of each side counts. */
export function receiptsOf(
  members: readonly {
    roleType: string | null;
    lastReadMessageId: number | null;
    lastDeliveredMessageId: number | null;
  }[],
): ConversationReceipts {
  const customer = { readUpTo: 0, deliveredUpTo: 0 };
  const agents = { readUpTo: 0, deliveredUpTo: 0 };
  for (const m of members) {
    const side = m.roleType === null ? customer : agents;
    const read = m.lastReadMessageId ?? 0;
    side.readUpTo = Math.max(side.readUpTo, read);
    // A read message was delivered too, whatever order the receipts came in.
    side.deliveredUpTo = Math.max(side.deliveredUpTo, m.lastDeliveredMessageId ?? 0, read);
  }
  return { customer, agents };
}

/** A message's status: the customer's receipts for what the agent side sent, the agents' for the customer's. */
export function receiptStatus(
  row: Pick<MessageRow, 'id' | 'senderType'>,
  receipts: ConversationReceipts | undefined,
): number {
  if (!receipts) return MESSAGE_STATUS.SENT;
  const other = row.senderType === SENDER_TYPE.USER ? receipts.agents : receipts.customer;
  if (row.id <= other.readUpTo) return MESSAGE_STATUS.DELIVERED_AND_READ;
  if (row.id <= other.deliveredUpTo) return MESSAGE_STATUS.DELIVERED;
  return MESSAGE_STATUS.SENT;
}

/**
 * The platform's message shape (toApplozicMessage: type 4 received by `viewerUserId`, 5 sent by
 * them; no viewer: a live event for everyone, seen from the sender) plus Convo's own fields.
 * Without receipts (a message just sent, a live event) the status is SENT.
 */
export function toMessageView(
  row: MessageRow,
  conversation: { id: number; clientGroupId: string | null },
  senderUserId: string | null,
  receipts?: ConversationReceipts,
  viewerUserId: string | null = null,
): Message {
  // Convo's three fields are added to the platform's object, not spread into a new one: in this
  // V8 a spread followed by new keys builds the object through the runtime (7-9 µs a message in
  // the send path's profile, against 0.1 µs; docs/performance.md, session 24).
  return Object.assign(
    toApplozicMessage(
      {
        key: row.clientKey,
        groupId: conversation.id,
        clientGroupId: conversation.clientGroupId,
        senderUserId,
        message: row.message,
        contentType: row.contentType,
        metadata: row.metadata,
        fileMeta: row.fileMeta ?? null,
        createdAt: row.createdAt.getTime(),
        status: receiptStatus(row, receipts),
      },
      viewerUserId,
    ),
    { id: row.id, from: senderUserId, senderType: row.senderType },
  );
}
