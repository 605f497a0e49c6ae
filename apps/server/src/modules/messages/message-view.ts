import type { Message } from '@convo/api';
import type { MessageRow } from './repository.js';

/** The platform's message shape. `type` 4 is received by the device (inbox), 5 sent (outbox). */
export function toMessageView(
  row: MessageRow,
  conversation: { id: number; clientGroupId: string },
  senderUserId: string | null,
): Message {
  return {
    key: row.clientKey,
    id: row.id,
    groupId: conversation.id,
    clientGroupId: conversation.clientGroupId,
    from: senderUserId,
    message: row.message,
    contentType: row.contentType,
    senderType: row.senderType,
    metadata: row.metadata,
    fileMeta: row.fileMeta ?? null,
    createdAtTime: row.createdAt.getTime(),
    type: 5,
    status: 3,
  };
}
