import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// The automation connector (issue 38 item 4): the application's API key, the REST hooks an
// automation platform subscribed, and the log of their deliveries (the page's usage table).

/** One API key per application; only its SHA-256 is kept, so a leaked database leaks no key. */
export const automationApiKeys = pgTable('automation_api_keys', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  keyHash: text('key_hash').notNull().unique(),
  /** The key's last four characters, to tell keys apart on the page. */
  hint: text('hint').notNull(),
  /** HMAC-SHA256 key of the deliveries, sealed with the app secret; never returned after it is made. */
  signingSecretSealed: text('signing_secret_sealed').notNull(),
  /**
   * The member who made the key: actions run as them (a deactivated member's key is refused); a
   * member removed for good takes their key along.
   */
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const automationHooks = pgTable(
  'automation_hooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    event: text('event').notNull(),
    targetUrl: text('target_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_hooks_app_event_idx').on(t.applicationId, t.event)],
);

export const automationDeliveries = pgTable(
  'automation_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    /** Null once the hook is unsubscribed: its deliveries stay in the usage table. */
    hookId: uuid('hook_id').references(() => automationHooks.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    targetUrl: text('target_url').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('automation_deliveries_app_created_idx').on(t.applicationId, t.createdAt)],
);
