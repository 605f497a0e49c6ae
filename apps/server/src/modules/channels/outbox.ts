import { WHATSAPP_TEMPLATE_METADATA_KEY } from '@convo/api';
import { mayReplyWithFreeText, SENDER_TYPE, SERVICE_WINDOW_CLOSED_MESSAGE } from '@convo/domain';
import { AppError } from '../../http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import * as repo from './repository.js';

// Subscribed to the send path's "messages stored" event (app.ts), inside the send's transaction,
// for every new message: a reply by an agent
// or a bot in a conversation that came from a messaging channel goes into the channel outbox, and
// a `channels.send` job wakes the conversation's sender (delivery.ts). Kept apart from the
// delivery so the messages module imports nothing of the connectors.

export const CHANNEL_SEND_QUEUE = 'channels.send';
/** With the queue's backoff (2 s, 4 s… capped at 5 minutes): a provider outage of hours loses nothing. */
export const CHANNEL_SEND_MAX_ATTEMPTS = 40;
export const WEB_CHANNEL = 'web';

export interface SentReply {
  conversation: { id: number; channel: string; lastCustomerMessageAt?: Date | null };
  message: { id: number; senderType: number; metadata?: Record<string, unknown> };
}

/** Metadata of a message that goes out as an approved WhatsApp template (allowed at any time). */
export const TEMPLATE_METADATA_KEY = WHATSAPP_TEMPLATE_METADATA_KEY;

/**
 * Meta's channels take free text only within 24 hours of the customer's last message: a reply
 * after it is refused here, inside the send, so it is never stored (the agent sends a template).
 */
function checkServiceWindow(reply: SentReply, now: Date) {
  if (reply.message.metadata?.[TEMPLATE_METADATA_KEY] !== undefined) return;
  const last = reply.conversation.lastCustomerMessageAt ?? null;
  if (!mayReplyWithFreeText(reply.conversation.channel, last, now)) {
    throw new AppError(422, 'SERVICE_WINDOW_CLOSED', SERVICE_WINDOW_CLOSED_MESSAGE);
  }
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
  const now = new Date();
  for (const reply of replies) checkServiceWindow(reply, now);
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

/** What channel delivery needs of a batch of new messages (the "messages stored" event, app.ts). */
export interface SendsForChannels {
  applicationId: string;
  tx: Db;
  messages: readonly { message: SentReply['message'] & { conversationId: number } }[];
  /** The batch's conversations after it (a reply's service window counts from the latest customer message). */
  conversations: ReadonlyMap<number, SentReply['conversation']>;
  wakeJobs(queue: string): void;
}

/** Subscribed to "messages stored": the replies in channel conversations go out on their channel. */
export async function enqueueChannelRepliesOfSends(sends: SendsForChannels): Promise<void> {
  const queued = await enqueueChannelReplies(
    sends.tx,
    sends.applicationId,
    sends.messages.map(({ message }) => ({
      conversation: sends.conversations.get(message.conversationId)!,
      message,
    })),
  );
  if (queued > 0) sends.wakeJobs(CHANNEL_SEND_QUEUE);
}
