import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// Settings owned by the user-details, e-mail notification and push notification pages.

/** /settings/user-details: the customer attributes agents see, in order, per application. */
export const customerAttributes = pgTable(
  'customer_attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull().default('text'),
    visibleToAgents: boolean('visible_to_agents').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_attributes_app_key_uq').on(t.applicationId, t.key)],
);

/** /settings/email-notifications: one member's choices; no row means the defaults. */
export const emailNotificationSettings = pgTable('email_notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applicationId: text('application_id')
    .notNull()
    .references(() => applications.id),
  assignedToMe: boolean('assigned_to_me').notNull(),
  newMessageWhileOffline: boolean('new_message_while_offline').notNull(),
  dailySummary: boolean('daily_summary').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The installation's VAPID key pair, made on first use (a single row, id 1). */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's Web Push subscriptions, one per browser (per member, the endpoint is unique). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_user_endpoint_uq').on(t.userId, t.endpoint),
    index('push_subscriptions_user_idx').on(t.applicationId, t.userId),
  ],
);
