import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, tags, teams, users } from './accounts.js';

// Conversations (groups of the messaging platform), their members, messages, notes, the timeline
// of events, and the stored real-time event stream that lets a client resume without loss.

/**
 * The pending list of the GIN indexes written on every send, in kB (PostgreSQL's default is 4096):
 * a send that finds it full merges it before it commits.
 */
const GIN_PENDING_LIST_KB = 256;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    clientGroupId: text('client_group_id').notNull(),
    name: text('name').notNull().default(''),
    type: integer('type').notNull().default(10),
    status: integer('status').notNull().default(-1),
    assigneeId: uuid('assignee_id').references(() => users.id),
    teamId: uuid('team_id').references(() => teams.id),
    customerId: uuid('customer_id').references(() => users.id),
    createdById: uuid('created_by_id').references(() => users.id),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    source: text('source'),
    channel: text('channel').notNull().default('web'),
    botActive: boolean('bot_active').notNull().default(false),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    /** The customer's first message, and the first human agent's message after it (statistics). */
    firstCustomerMessageAt: timestamp('first_customer_message_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** The first customer message of the turn no human agent has answered yet (statistics). */
    unansweredSince: timestamp('unanswered_since', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_app_client_group_uq').on(t.applicationId, t.clientGroupId),
    // The waiting queue, longest waiting first (status 7 by waiting_since): a page read in order
    // instead of sorting every waiting conversation.
    index('conversations_app_status_waiting_idx').on(t.applicationId, t.status, t.waitingSince, t.id),
    index('conversations_app_assignee_idx').on(t.applicationId, t.assigneeId, t.status),
    index('conversations_app_team_idx').on(t.applicationId, t.teamId, t.status),
    index('conversations_customer_idx').on(t.customerId),
    // Analytics and reports read conversations by the day they started or were resolved.
    index('conversations_app_created_idx').on(t.applicationId, t.createdAt),
    index('conversations_app_resolved_idx').on(t.applicationId, t.resolvedAt),
    // The inbox search's name half (ILIKE '%…%'): trigrams, so a word found in few names is found
    // without reading every conversation (pg_trgm, created by the migration).
    // A change of name adds its trigrams (and so did every send before the inbox's order moved to
    // conversation_activity): a small pending list is merged often and briefly, where the default
    // 4 MB was merged by one unlucky statement at a time (26-49 ms under load).
    index('conversations_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
  ],
);

/**
 * The inbox's order, off the conversations row: each conversation's status and last activity (its
 * last message, else its creation), with the two orders' indexes. No index of `conversations`
 * holds a column a send changes, so a send's update of the conversation is HOT (no new index
 * entry); this narrow row is the one whose indexes a send rewrites. Kept by the migration's
 * triggers on insert and on a change of status, and by the send path for the last activity
 * (docs/performance.md, session 15).
 */
export const conversationActivity = pgTable(
  'conversation_activity',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    applicationId: text('application_id').notNull(),
    status: integer('status').notNull(),
    /** The conversation's assignee, copied by a trigger: "assigned to …" read in the inbox's order. */
    assigneeId: uuid('assignee_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('conversation_activity_app_last_idx').on(
      t.applicationId,
      t.lastActivityAt.desc(),
      t.conversationId.desc(),
    ),
    index('conversation_activity_app_status_last_idx').on(
      t.applicationId,
      t.status,
      t.lastActivityAt.desc(),
      t.conversationId.desc(),
    ),
    index('conversation_activity_app_assignee_last_idx').on(
      t.applicationId,
      t.assigneeId,
      t.lastActivityAt.desc(),
      t.conversationId.desc(),
    ),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    applicationId: text('application_id').notNull(),
    role: text('role').notNull().default('3'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastDeliveredMessageId: bigint('last_delivered_message_id', { mode: 'number' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id),
    applicationId: text('application_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.tagId] }),
    index('conversation_tags_tag_idx').on(t.tagId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id),
    senderType: integer('sender_type').notNull(),
    contentType: integer('content_type').notNull().default(0),
    message: text('message').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    fileMeta: jsonb('file_meta').$type<Record<string, unknown> | null>(),
    clientKey: text('client_key').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(message, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_app_client_key_uq').on(t.applicationId, t.clientKey),
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    index('messages_app_created_idx').on(t.applicationId, t.createdAt),
    // The same for every message's words (a 4 MB merge held one insert for up to 108 ms).
    index('messages_search_idx')
      .using('gin', t.searchVector)
      .with({ gin_pending_list_limit: GIN_PENDING_LIST_KB }),
  ],
);

/**
 * Each customer turn a human agent answered (its first customer message and the answer),
 * written with the answer, so the average response time reads this table, not the messages.
 */
export const conversationResponses = pgTable(
  'conversation_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('conversation_responses_app_answered_idx').on(t.applicationId, t.answeredAt),
    index('conversation_responses_conversation_idx').on(t.conversationId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notes_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** The timeline of a conversation: assignment, status, tags, rating… */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_events_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * Per-application event sequence. Taking the row lock in the writing transaction makes the order of
 * `seq` the order of commits, so a client resuming after `seq` N can never miss a later-committed N-1.
 */
export const applicationSequences = pgTable('application_sequences', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/** Stored real-time events: what a reconnecting client replays after its last seq. */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    applicationId: text('application_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    /**
     * Who may see it: 'members' (every member) and/or 'user:<id>' (one user's own stream). One row
     * per event: a conversation's event goes to the members and its customer alike.
     */
    audiences: text('audiences').array().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.seq] }),
    index('realtime_events_created_idx').on(t.createdAt),
  ],
);

/** Round-robin position per application and team ('*' when the conversation has no team). */
export const routingCursors = pgTable(
  'routing_cursors',
  {
    applicationId: text('application_id').notNull(),
    scope: text('scope').notNull(),
    lastUserId: uuid('last_user_id'),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.scope] })],
);
