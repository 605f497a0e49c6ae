import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications, users } from './accounts.js';

// Durable jobs, outgoing webhooks and uploaded files.

/**
 * A table-backed job queue: workers claim due rows with FOR UPDATE SKIP LOCKED, so it works the
 * same on PGlite and PostgreSQL and survives restarts (see docs/architecture.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    applicationId: text('application_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    url: text('url').notNull(),
    /**
     * HMAC-SHA256 key of the webhooks-security setting, sealed with the app secret
     * (`sealed:` prefix; modules/webhooks/secret-box.ts). Older rows are sealed at start.
     */
    secret: text('secret').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default(['message.received']),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_app_idx').on(t.applicationId)],
);

/** Settings → Webhooks security, one row per application that changed it (defaults otherwise). */
export const webhookSecurity = pgTable('webhook_security', {
  applicationId: text('application_id')
    .primaryKey()
    .references(() => applications.id),
  requireHttps: boolean('require_https').notNull().default(false),
  authHeaderName: text('auth_header_name'),
  /** The header's value sealed with the app secret; never returned by any API. */
  authHeaderSealed: text('auth_header_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id').notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_app_created_idx').on(t.applicationId, t.createdAt)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    uploaderId: uuid('uploader_id').references(() => users.id),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_app_idx').on(t.applicationId)],
);
