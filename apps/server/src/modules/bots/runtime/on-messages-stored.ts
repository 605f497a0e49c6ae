import type { Db } from '../../../platform/db/database.js';
import type { ConversationRow } from '../../conversations/index.js';
import type { MessageRow } from '../../messages/index.js';
import type { EventSink } from '../../realtime/index.js';
import { BOT_REPLY_QUEUE, enqueueBotReplies, humanRepliesToBots, type SentMessage } from './enqueue.js';
import { takeOverFromBot } from './takeover.js';

/** What the bots need of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForBots {
  applicationId: string;
  tx: Db;
  events: EventSink;
  messages: readonly { message: MessageRow; address?: string | undefined }[];
  /** The batch's conversations after it; a take-over puts the conversation's new row back. */
  conversations: Map<number, ConversationRow>;
  wakeJobs(queue: string): void;
}

/**
 * Subscribed to "messages stored": a customer's message in a conversation a bot answers becomes a
 * reply job of the send's transaction (durable); a person replying there takes it over and the
 * bot pauses.
 */
export async function botsOnStoredMessages(sends: SendsForBots): Promise<void> {
  const sent: SentMessage[] = [];
  for (const { message, address } of sends.messages) {
    const conversation = sends.conversations.get(message.conversationId)!;
    if (conversation.botActive) sent.push({ conversation, message, address });
  }
  if (sent.length === 0) return;
  if ((await enqueueBotReplies(sends.tx, sends.applicationId, sent)) > 0) sends.wakeJobs(BOT_REPLY_QUEUE);
  for (const { conversation, message } of humanRepliesToBots(sent)) {
    const latest = sends.conversations.get(conversation.id)!;
    sends.conversations.set(
      latest.id,
      await takeOverFromBot(sends.tx, sends.events, latest, message.senderId!),
    );
  }
}
