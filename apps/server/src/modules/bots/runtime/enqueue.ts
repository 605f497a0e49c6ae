import { SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../../platform/db/database.js';
import { enqueue } from '../../../platform/jobs/job-queue.js';
import type { ConversationRow } from '../../conversations/index.js';
import type { MessageRow } from '../../messages/index.js';
import { addressKey } from './llm-caps.js';
import { pauseBotConversation } from './repository.js';

// The send path's side of the bots: in the send's own transaction, a customer message in a
// conversation a bot handles becomes a durable reply job (never lost, never blocking the send),
// and a person's reply there silences the bot. Conversations without a bot cost nothing here.

export const BOT_REPLY_QUEUE = 'bots.reply';
/** A reply is worth a few quick retries; after that the customer would rather wait for a person. */
export const BOT_REPLY_MAX_ATTEMPTS = 4;

export interface BotReplyPayload {
  conversationId: number;
  messageId: number;
  /** The client address the customer wrote from (llm-caps addressKey): its LLM spend ceiling. */
  address?: string;
}

export interface SentMessage {
  conversation: ConversationRow;
  message: MessageRow;
  /** The sender's client address (the request's, behind TRUST_PROXY); absent for channels. */
  address?: string | undefined;
}

/** Enqueues a reply job per customer message of a bot's conversation; returns how many. */
export async function enqueueBotReplies(tx: Db, applicationId: string, sent: readonly SentMessage[]) {
  let queued = 0;
  for (const { conversation, message, address } of sent) {
    if (!conversation.botActive || message.senderType !== SENDER_TYPE.USER) continue;
    const key = addressKey(address);
    const payload: BotReplyPayload = {
      conversationId: conversation.id,
      messageId: message.id,
      ...(key ? { address: key } : {}),
    };
    await enqueue(tx, {
      queue: BOT_REPLY_QUEUE,
      applicationId,
      payload: { ...payload },
      maxAttempts: BOT_REPLY_MAX_ATTEMPTS,
    });
    queued += 1;
  }
  return queued;
}

/** The human agents' replies in conversations a bot was answering (the bot pauses there). */
export function humanRepliesToBots(sent: readonly SentMessage[]): SentMessage[] {
  const seen = new Set<number>();
  return sent.filter(({ conversation, message }) => {
    if (!conversation.botActive || message.senderType !== SENDER_TYPE.HUMAN_AGENT) return false;
    if (seen.has(conversation.id)) return false;
    seen.add(conversation.id);
    return true;
  });
}

/** Marks the bot paused in the conversation (the caller takes the conversation over). */
export function pauseBotAfterHumanReply(tx: Db, applicationId: string, conversationId: number) {
  return pauseBotConversation(tx, applicationId, conversationId);
}
