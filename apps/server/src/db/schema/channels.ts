import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';

// Messaging channels (issue 17): the channel accounts an application connected, and the outbox of
// replies waiting to go out on them.

/**
 * One connected channel per application and kind (Telegram…). `sealedConfig` holds the provider's
 * credentials and our webhook secret, encrypted with the app secret; no API ever returns it.
 */
export const channelAccounts = pgTable(
  'channel_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    kind: text('kind').notNull(),
    /** connected | error | disabled */
    status: text('status').notNull().default('connected'),
    sealedConfig: text('sealed_config').notNull(),
    /** What the admin recognises the account by (the bot's @username); never a secret. */
    displayName: text('display_name').notNull().default(''),
    /**
     * The account's id at the provider when one app-wide webhook serves every application (a
     * Facebook page, an Instagram account: Meta posts all of an app's pages to one URL).
     */
    externalId: text('external_id'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_accounts_app_kind_uq').on(t.applicationId, t.kind),
    index('channel_accounts_external_idx').on(t.kind, t.externalId),
  ],
);

/**
 * Facebook Login's answer waiting for the admin's pick (Meta OAuth): the pages (with their page
 * access tokens, sealed) or Meta's refusal, for the member who started it; deleted once picked,
 * useless after `expiresAt`.
 */
export const metaOAuthPending = pgTable(
  'meta_oauth_pending',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    userId: text('user_id').notNull(),
    /** facebook | instagram */
    kind: text('kind').notNull(),
    /** The pages and their tokens, sealed; null when Meta refused. */
    sealedAccounts: text('sealed_accounts'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meta_oauth_pending_expires_idx').on(t.expiresAt)],
);

/**
 * A reply to send on a conversation's channel, written in the reply's transaction. Rows of one
 * conversation go out strictly in id order: a row is not sent while an earlier one is pending.
 */
export const channelOutbox = pgTable(
  'channel_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    externalId: text('external_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('channel_outbox_conversation_idx').on(t.conversationId, t.status, t.id),
    index('channel_outbox_external_idx').on(t.applicationId, t.externalId),
  ],
);
