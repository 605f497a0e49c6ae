import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';
import { conversations } from './messaging.js';

// CRMs and helpdesks (issue 38 item 3): one connection per provider and application, its
// credentials sealed with the app secret, and what each conversation became at a provider.

export const crmConnections = pgTable(
  'crm_connections',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** zendesk, hubspot, salesforce. */
    provider: text('provider').notNull(),
    /** The provider's settings with their secrets, sealed (sealJson); never returned. */
    configSealed: text('config_sealed').notNull(),
    /** What the admin recognises the account by (the Zendesk site and e-mail, the Salesforce instance). */
    account: text('account').notNull(),
    /** connected, or reconnect once the provider refused the credentials. */
    status: text('status').notNull().default('connected'),
    syncOnResolve: boolean('sync_on_resolve').notNull().default(false),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.provider] })],
);

export const crmLinks = pgTable(
  'crm_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** ticket (Zendesk) or activity (a CRM's logged conversation). */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    url: text('url'),
    contactId: text('contact_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_links_app_conv_provider_uq').on(t.applicationId, t.conversationId, t.provider),
    index('crm_links_conversation_idx').on(t.conversationId),
  ],
);
