import { randomUUID } from 'node:crypto';
import { MESSAGE_CONTENT_TYPE, SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { audiencesOf } from '../conversations/index.js';
import type { EventSink } from '../realtime/index.js';
import { EVENT } from '../realtime/index.js';
import { toMessageView } from './message-view.js';
import { insertMessagesOnce } from './repository.js';

/**
 * A notify line in the conversation (SPEC content type 10), written with every transition so the
 * inbox shows "Resolved by Ana", "Assigned to Ben"… in the message list.
 */
export async function writeSystemMessage(
  db: Db,
  events: EventSink,
  // Only what the line needs, so this file does not depend on the conversations' row type.
  conversation: { id: number; applicationId: string; clientGroupId: string; customerId: string | null },
  text: string,
  metadata: Record<string, string>,
) {
  const [stored] = await insertMessagesOnce(db, conversation.applicationId, [
    {
      conversationId: conversation.id,
      senderId: null,
      senderType: SENDER_TYPE.BOT,
      contentType: MESSAGE_CONTENT_TYPE.NOTIFY,
      message: text,
      metadata: { category: 'SYSTEM', ...metadata },
      clientKey: `sys-${randomUUID()}`,
    },
  ]);
  const row = stored!.row;
  events.emit({
    type: EVENT.MESSAGE_RECEIVED,
    conversationId: conversation.id,
    audiences: audiencesOf(conversation),
    data: { message: toMessageView(row, conversation, null) },
  });
  return row;
}
