import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './accounts.js';

// Online stores connected to an application (issue 38 items 1–2): one per provider. The Admin API
// token is sealed with the app secret and never leaves the server.
export const storeConnections = pgTable(
  'store_connections',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id),
    /** shopify | bigcommerce */
    provider: text('provider').notNull(),
    /** Shopify: the shop's myshopify.com domain; BigCommerce: the store hash. */
    store: text('store').notNull(),
    displayName: text('display_name').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    /** connected | reconnect (the store refused the token). */
    state: text('state').notNull().default('connected'),
    widgetInstalled: boolean('widget_installed').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.provider] })],
);
