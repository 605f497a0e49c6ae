import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Slack (issue 17): the team's mirror of conversations in a Slack channel. Kept apart from the
// channel outbox: a conversation of any channel (widget, Telegram…) is mirrored too, and its
// customer replies must not wait behind the mirror's posts, nor the mirror behind them.

/** The Slack thread a conversation is mirrored into: its parent message's `ts` in the channel. */
export const slackThreads = pgTable(
  'slack_threads',
  {
    conversationId: bigint('conversation_id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    channelId: text('channel_id').notNull(),
    threadTs: text('thread_ts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A reply in Slack names its thread: it finds the conversation by these.
  (t) => [uniqueIndex('slack_threads_thread_uq').on(t.applicationId, t.channelId, t.threadTs)],
);

/**
 * A message to post in the conversation's thread, written in the message's transaction. Rows of
 * one conversation go out strictly in id order (the first one opens the thread).
 */
export const slackOutbox = pgTable(
  'slack_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The Slack message's `ts`. */
    externalId: text('external_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('slack_outbox_conversation_idx').on(t.conversationId, t.status, t.id)],
);

/** Events API deliveries taken (Slack retries a delivery with the same event_id): each is handled once. */
export const slackEvents = pgTable(
  'slack_events',
  {
    applicationId: text('application_id').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.eventId] })],
);
