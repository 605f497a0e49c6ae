import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// The inbox's own data: quick replies, shared with the team (owner null) or personal.

export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** null: shared with every teammate. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quick_replies_app_idx').on(t.applicationId),
    // A shortcut names one shared reply, and one personal reply per person.
    uniqueIndex('quick_replies_shared_uq').on(t.applicationId, t.shortcut).where(sql`${t.ownerId} is null`),
    uniqueIndex('quick_replies_personal_uq').on(t.applicationId, t.ownerId, t.shortcut),
  ],
);

/** One person's alert preferences (sound, browser notifications, which events). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id),
  sound: text('sound').notNull(),
  browserNotifications: boolean('browser_notifications').notNull().default(false),
  notifyOn: jsonb('notify_on').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The application's inbox preferences beyond app_settings: the waiting queue (Settings →
 * Waiting queue), the defaults agents work with (Settings → Conversation preferences) and the
 * transcript mailed on resolve (Settings → Conversation transcript). No row means the defaults below.
 */
export const conversationPreferences = pgTable('conversation_preferences', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  /** Off: with nobody free, a conversation stays open and unassigned instead of waiting. */
  waitingQueueEnabled: boolean('waiting_queue_enabled').notNull().default(true),
  /** Told to the customer when their conversation starts waiting; null: nothing is said. */
  waitingMessage: text('waiting_message'),
  /** Beyond this many waiting conversations a new one is not queued; null: no limit. */
  waitingQueueMax: integer('waiting_queue_max'),
  /** newest | oldest | waiting (the inbox's default sort). */
  defaultSort: text('default_sort').notNull().default('newest'),
  showResolvedInAll: boolean('show_resolved_in_all').notNull().default(false),
  requireTagToResolve: boolean('require_tag_to_resolve').notNull().default(false),
  /** Settings → Conversation transcript: who is mailed the transcript when a conversation is resolved. */
  transcriptToCustomer: boolean('transcript_to_customer').notNull().default(false),
  transcriptToAssignee: boolean('transcript_to_assignee').notNull().default(false),
  transcriptExtraRecipients: jsonb('transcript_extra_recipients').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
