import type { Db } from '../../platform/db/database.js';
import { createEventBus } from '../../platform/events/event-bus.js';
import type { ConversationRow } from '../conversations/index.js';
import type { EventSink } from '../realtime/index.js';
import type { MessageRow } from './repository.js';

// What the send path tells the rest of the server (issue 33): it stores a batch of messages and
// emits one "messages stored" event inside the batch's transaction. Billing usage, webhooks,
// channel delivery, the Slack mirror, the e-mail fallback and the bots subscribe to it in app.ts
// and enqueue their own jobs with the same transaction handle, so each job exists exactly when
// the messages do; the send path imports none of them.

/** One new message of the batch (a repeated client key is not new, and is not in the event). */
export interface StoredMessage {
  message: MessageRow;
  /**
   * The conversation as this message found it, before the batch's later messages, assignments
   * and take-overs (what the message webhook reports).
   */
  conversationAtSend: ConversationRow;
  /** The sender's messaging user id (the webhook's `from`). */
  senderUserId: string | null;
  /** The sender's client address (the request's, behind TRUST_PROXY); absent for channels and jobs. */
  address?: string | undefined;
}

export interface MessagesStored {
  applicationId: string;
  /** The batch's transaction: enqueue with it, so a job exists exactly when the messages do. */
  tx: Db;
  /** The database outside the transaction: only for caches keyed by it, never to query inside the batch. */
  db: Db;
  /** The batch's real-time events (stored with it, published after it commits). */
  events: EventSink;
  /** When the batch was written (the messages' createdAt). */
  now: Date;
  /** The new messages, in batch order. */
  messages: readonly StoredMessage[];
  /**
   * The batch's conversations after it, by id; a subscriber that changes one (a person taking a
   * conversation over from a bot) puts the new row back, and the send answers with it.
   */
  conversations: Map<number, ConversationRow>;
  /** Runs `fn` once the batch has committed (never when it rolls back). */
  afterCommit(fn: () => void): void;
  /** Nudges the worker nodes to claim `queue`'s jobs once the batch has committed. */
  wakeJobs(queue: string): void;
}

export interface MessageEvents {
  'messages.stored': MessagesStored;
}

/** The send path's events; subscribers are registered by the composition root (app.ts). */
export const messageBus = createEventBus<MessageEvents>();
