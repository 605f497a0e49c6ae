import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { channelAccounts } from './channels.js';

// The e-mail channel (issue 17 item 4): mail threads and the Message-IDs that belong to them, and
// how far each connected mailbox has been read.

/**
 * One mail thread = one conversation (`clientGroupId` `email:<threadKey>`): who the customer is,
 * the subject, and the last mail of the thread our reply answers (In-Reply-To, References).
 */
export const emailThreads = pgTable(
  'email_threads',
  {
    applicationId: text('application_id').notNull(),
    threadKey: text('thread_key').notNull(),
    subject: text('subject').notNull().default(''),
    customerAddress: text('customer_address').notNull(),
    lastMessageId: text('last_message_id').notNull(),
    /** The last mail's References with it appended, space-separated (capped). */
    references: text('references').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.threadKey] })],
);

/** Every Message-ID seen or sent in an application, and its thread (the customer's and ours). */
export const emailMessageIds = pgTable(
  'email_message_ids',
  {
    applicationId: text('application_id').notNull(),
    messageId: text('message_id').notNull(),
    threadKey: text('thread_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.messageId] })],
);

/**
 * IMAP polling cursor of a connected mailbox: mails with a UID above `lastUid` are new, as long
 * as the folder's UIDVALIDITY is unchanged (RFC 3501 §2.3.1.1); `mailbox` names the server,
 * user and folder it was read from, so a reconnect to another mailbox starts over.
 */
export const emailPollState = pgTable('email_poll_state', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => channelAccounts.id, { onDelete: 'cascade' }),
  mailbox: text('mailbox').notNull(),
  uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull(),
  /** A node polling the mailbox holds it until then: one poll of a mailbox at a time. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  polledAt: timestamp('polled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The original of each received mail (SPEC §7 .eml): its bytes in the file storage under
 * `storageKey`, found by the mail's Message-ID (the messages' client key `email:<Message-ID>`).
 */
export const emailSources = pgTable(
  'email_sources',
  {
    applicationId: text('application_id').notNull(),
    messageId: text('message_id').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.messageId] })],
);
