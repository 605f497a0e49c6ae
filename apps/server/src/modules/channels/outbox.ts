import { SENDER_TYPE } from '@convo/domain';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';

// Called by the message send (inside its transaction) for every new message: a reply by an agent
// or a bot in a conversation that came from a messaging channel goes into the channel outbox, and
// a `channels.send` job wakes the conversation's sender (delivery.ts). Kept apart from the
// delivery so the messages module imports nothing of the connectors.

export const CHANNEL_SEND_QUEUE = 'channels.send';
/** With the queue's backoff (2 s, 4 s… capped at 5 minutes): a provider outage of hours loses nothing. */
export const CHANNEL_SEND_MAX_ATTEMPTS = 40;
export const WEB_CHANNEL = 'web';

export interface SentReply {
  conversation: { id: number; channel: string };
  message: { id: number; senderType: number };
}

/** Queues the replies of channel conversations; answers how many were queued. */
export async function enqueueChannelReplies(
  tx: Db,
  applicationId: string,
  sent: readonly SentReply[],
): Promise<number> {
  const replies = sent.filter(
    (s) => s.conversation.channel !== WEB_CHANNEL && s.message.senderType !== SENDER_TYPE.USER,
  );
  if (replies.length === 0) return 0;
  await repo.insertOutbox(
    tx,
    replies.map((r) => ({ applicationId, conversationId: r.conversation.id, messageId: r.message.id })),
  );
  for (const conversationId of new Set(replies.map((r) => r.conversation.id))) {
    await enqueue(tx, {
      queue: CHANNEL_SEND_QUEUE,
      applicationId,
      payload: { conversationId },
      maxAttempts: CHANNEL_SEND_MAX_ATTEMPTS,
    });
  }
  return replies.length;
}
